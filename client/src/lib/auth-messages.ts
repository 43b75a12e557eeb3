/**
 * What the sign-in and set-password pages say for the provider's errors. The spec leaves these texts
 * open, so they live here, next to the catalogue handling in errors.ts, in one place.
 */
const AUTH_ERROR_MESSAGES: Record<string, string> = {
  'auth/wrong-password': 'Incorrect email or password.',
  'auth/invalid-credential': 'Incorrect email or password.',
  'auth/invalid-login-credentials': 'Incorrect email or password.',
  // One message for an unknown e-mail and a wrong password: the login page must not tell a stranger which
  // staff e-mails exist (production projects also turn on Firebase's e-mail enumeration protection,
  // docs/operations.md).
  'auth/user-not-found': 'Incorrect email or password.',
  'auth/invalid-email': 'Enter a valid email address.',
  'auth/missing-password': 'Enter your password.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': 'Network error. Please check your internet connection.',
  'auth/user-disabled': 'This account has been disabled. Please contact your administrator.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
  'auth/invalid-action-code': 'This link is invalid or has already been used. Ask for a new one.',
  'auth/weak-password': 'The password is too weak.',
  'auth/password-does-not-meet-requirements': 'The password does not meet the password rules.',
  'auth/requires-recent-login': 'Please sign in again to continue.',
};

export const AUTH_FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** Whether the provider raised it (it carries an 'auth/...' code), as opposed to our own API calls. */
export function isProviderError(error: unknown): error is { code: string } {
  return typeof (error as { code?: unknown } | null)?.code === 'string';
}

export function authErrorMessage(error: unknown): string {
  return (isProviderError(error) && AUTH_ERROR_MESSAGES[error.code]) || AUTH_FALLBACK_MESSAGE;
}
