/**
 * The signed-in user's profile (usersEndpoints.me) through the API client: main.tsx hands it to the auth flow
 * (auth.ts), which the API client's token comes from and so cannot import the client itself. Loaded with the
 * first signed-in call, so the login page's first download does without the client.
 */
export { fetchMe as readMe } from './me-api.ts';
