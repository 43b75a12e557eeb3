import { createApiClient } from './api-client.ts';
import { currentIdToken } from './firebase.ts';

/** The console's API client, authenticated as the signed-in Firebase user. */
export const api = createApiClient({ getToken: currentIdToken });
