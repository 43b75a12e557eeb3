/** The Users page's calls (common/contract/users.ts) and cache keys; every key starts with 'users', which every write invalidates. */
import { clientEndpoints } from '../../lib/endpoints.ts';
import type { ChangeRoleBody, InviteUserBody, UserQuery, usersEndpoints } from '../../../../common/contract/users.ts';
import { usersRoutes } from '../../../../common/contract/users-paths.ts';
import type { securityEndpoints } from '../../../../common/contract/security.ts';
import { securityChanges, securityRoutes } from '../../../../common/contract/security-paths.ts';
import { CLIENT_ROLES } from '../../../../common/roles.ts';
import { call } from '../../lib/call.ts';
import { useQuery } from '../../lib/use-query.ts';

export const users = clientEndpoints<typeof usersEndpoints>('users', usersRoutes);
export const security = clientEndpoints<typeof securityEndpoints>('security', securityRoutes, securityChanges);

/** The client-side roles never appear on the Users page (spec section 6). */
export const EXCLUDED_ROLES = CLIENT_ROLES.join(',');

export const userKeys = {
  all: ['users'] as const,
  list: (query: Omit<UserQuery, 'page'>) => ['users', 'list', query] as const,
  roleChoices: ['users', 'role-choices'] as const,
  audit: (userId: number) => ['users', 'audit', userId] as const,
  secondFactor: (userId: number) => ['users', 'second-factor', userId] as const,
};

type Headers = Record<string, string>;

export const fetchUsers = (query: UserQuery, signal: AbortSignal) => call(users.list, { query: { role__not__in: EXCLUDED_ROLES, ...query }, signal });

export const fetchRoleChoices = (signal: AbortSignal) => call(users.roleChoices, { signal });

export const fetchUserAudit = (userId: number, page: number, signal: AbortSignal) => call(users.audit, { query: { user_id: userId, page }, signal });

export const inviteUser = (body: InviteUserBody, headers: Headers) => call(users.invite, { body, headers });

export const changeRole = (userId: number, body: ChangeRoleBody, headers: Headers) => call(users.changeRole, { params: { userId }, body, headers });

export const deactivateUser = (userId: number, headers: Headers) => call(users.deactivate, { params: { userId }, headers });

export const reactivateUser = (userId: number, headers: Headers) => call(users.reactivate, { params: { userId }, headers });

export const newSetPasswordLink = (userId: number, headers: Headers) => call(users.setPasswordLink, { params: { userId }, headers });

/** Ends every session of the user (a lost laptop), with the ADMIN's fresh code: their open tabs sign out. */
export const signOutUserEverywhere = (userId: number, code: string, headers: Headers) => call(security.signOutUserEverywhere, { params: { userId }, body: { code }, headers });
/** A lost phone without recovery codes, with the ADMIN's fresh code: the user sets up the second factor again at the next sign-in. */
export const resetUserSecondFactor = (userId: number, code: string, headers: Headers) => call(security.resetUser, { params: { userId }, body: { code }, headers });
/** Whether the user's second factor is set up, and locked after wrong codes. */
export const fetchUserSecondFactor = (userId: number, signal: AbortSignal) => call(security.userSecondFactor, { params: { userId }, signal });
/** Lifts the lock wrong codes put on the user's second factor. */
export const unlockUserSecondFactor = (userId: number, headers: Headers) => call(security.unlockUser, { params: { userId }, headers });

export const useRoleChoices = () => useQuery(userKeys.roleChoices, fetchRoleChoices);
export const useUserSecondFactor = (userId: number) => useQuery(userKeys.secondFactor(userId), (signal) => fetchUserSecondFactor(userId, signal));
