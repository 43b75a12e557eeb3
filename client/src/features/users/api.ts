/** The Users page's calls (common/contract/users.ts) and cache keys; every key starts with 'users', which every write invalidates. */
import type { Page } from '../../../../common/contract/shared.ts';
import type { ChangeRoleBody, InviteUserBody, RoleChoice, SetPasswordLinkResponse, StaffUser, UserAuditEvent, UserQuery } from '../../../../common/contract/users.ts';
import { userPaths } from '../../../../common/contract/users-paths.ts';
import { CLIENT_ROLES } from '../../../../common/roles.ts';
import { api } from '../../lib/api.ts';

/** The client-side roles never appear on the Users page (spec section 6). */
export const EXCLUDED_ROLES = CLIENT_ROLES.join(',');

export const userKeys = {
  all: ['users'] as const,
  list: (query: Omit<UserQuery, 'page'>) => ['users', 'list', query] as const,
  roleChoices: ['users', 'role-choices'] as const,
  audit: (userId: number) => ['users', 'audit', userId] as const,
};

type Headers = Record<string, string>;

export const fetchUsers = (query: UserQuery, signal: AbortSignal) =>
  api<Page<StaffUser>>(userPaths.list, { query: { role__not__in: EXCLUDED_ROLES, ...query }, signal });

export const fetchRoleChoices = (signal: AbortSignal) => api<RoleChoice[]>(userPaths.roleChoices, { signal });

export const fetchUserAudit = (userId: number, page: number, signal: AbortSignal) =>
  api<Page<UserAuditEvent>>(userPaths.audit, { query: { user_id: userId, page }, signal });

export const inviteUser = (body: InviteUserBody, headers: Headers) => api<SetPasswordLinkResponse>(userPaths.list, { method: 'POST', body, headers });

export const changeRole = (userId: number, body: ChangeRoleBody, headers: Headers) => api<StaffUser>(userPaths.user(userId), { method: 'PATCH', body, headers });

export const deactivateUser = (userId: number, headers: Headers) => api<StaffUser>(userPaths.deactivate(userId), { method: 'POST', headers });

export const reactivateUser = (userId: number, headers: Headers) => api<StaffUser>(userPaths.reactivate(userId), { method: 'POST', headers });

export const newSetPasswordLink = (userId: number, headers: Headers) => api<SetPasswordLinkResponse>(userPaths.setPasswordLink(userId), { method: 'POST', headers });
