/** The Users page's calls, typed by common/contract/users.ts. */
import type { Page } from '../../../../common/contract/shared.ts';
import type { ChangeRoleBody, InviteUserBody, RoleChoice, SetPasswordLinkResponse, StaffUser, UserAuditEvent, UserAuditQuery, UserQuery } from '../../../../common/contract/users.ts';
import { userPaths } from '../../../../common/contract/users-paths.ts';
import { CLIENT_ROLES } from '../../../../common/roles.ts';
import { api } from '../../lib/api.ts';

/** The client-side roles never appear on the Users page (spec section 6). */
export const EXCLUDED_ROLES = CLIENT_ROLES.join(',');

export const fetchUsers = (query: UserQuery, signal: AbortSignal) =>
  api<Page<StaffUser>>(userPaths.list, { query: { role__not__in: EXCLUDED_ROLES, ...query }, signal });

export const fetchRoleChoices = (signal: AbortSignal) => api<RoleChoice[]>(userPaths.roleChoices, { signal });

export const inviteUser = (body: InviteUserBody) => api<SetPasswordLinkResponse>(userPaths.list, { method: 'POST', body });

export const changeRole = (userId: number, body: ChangeRoleBody) => api<StaffUser>(userPaths.user(userId), { method: 'PATCH', body });

export const deactivateUser = (userId: number) => api<StaffUser>(userPaths.deactivate(userId), { method: 'POST' });

export const reactivateUser = (userId: number) => api<StaffUser>(userPaths.reactivate(userId), { method: 'POST' });

export const newSetPasswordLink = (userId: number) => api<SetPasswordLinkResponse>(userPaths.setPasswordLink(userId), { method: 'POST' });

export const fetchUserAudit = (query: UserAuditQuery, signal: AbortSignal) =>
  api<Page<UserAuditEvent>>(userPaths.audit, { query: { ...query }, signal });
