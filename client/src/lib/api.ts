import { createApiClient } from './api-client.ts';
import { reportCallAnswered, reportCallFailed } from './connection.ts';
import { endLostSession, sessionIdToken } from './session-lost.ts';
import { secondFactorPending } from './second-factor-state.ts';

/** The console's API client, authenticated as the signed-in Firebase user. */
export const api = createApiClient({
  getToken: sessionIdToken,
  onSessionLost: (error, refreshFailure) => void endLostSession(error, refreshFailure),
  // Loaded on first use: profile.ts calls the API itself.
  onForbidden: (_error, path) => void import('./profile.ts').then(({ recheckProfile }) => recheckProfile(path, api)),
  // A signed-in console whose sign-in lost its second factor (an administrator reset it) asks for the code.
  onSecondFactor: () => {
    secondFactorPending.value = true;
  },
  // The top bar's 'Reconnecting…' follows every call.
  onAnswered: reportCallAnswered,
  onFailed: reportCallFailed,
});
