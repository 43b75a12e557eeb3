/**
 * The signed-in user's profile call (usersEndpoints.me), in its own module: the auth boot loads it with the
 * first signed-in call, so the login page's download carries neither the users table nor the API client.
 */
import { clientEndpoints, requestOf } from '../../../common/contract/endpoint.ts';
import type { usersEndpoints } from '../../../common/contract/users.ts';
import { usersRoutes } from '../../../common/contract/users-paths.ts';
import { call } from './call.ts';

const users = clientEndpoints<typeof usersEndpoints>(usersRoutes);

export const fetchMe = () => call(users.me);

/** The path the API client reports a failed profile call under. */
export const ME_PATH = requestOf(usersRoutes.me).path;
