/**
 * The signed-in user's profile (users/me) through the API client: main.tsx hands it to the auth flow
 * (auth.ts), which the API client's token comes from and so cannot import the client itself. Loaded with the
 * first signed-in call, so the login page's first download does without the client.
 */
import type { Me } from '../../../common/contract/users.ts';
import { userPaths } from '../../../common/contract/users-paths.ts';
import { api } from './api.ts';

export const readMe = (): Promise<Me> => api<Me>(userPaths.me);
