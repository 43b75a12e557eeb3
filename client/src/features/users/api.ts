/** The Users page's calls, typed by common/api-contract.ts. */
import {
  apiPaths,
  type ChangeRoleBody,
  type InviteUserBody,
  type Page,
  type RoleChoice,
  type SetPasswordLinkResponse,
  type StaffUser,
  type UserAuditEvent,
  type UserAuditQuery,
  type UserQuery,
} from '../../../../common/api-contract.ts';
import { CLIENT_ROLES } from '../../../../common/roles.ts';
import { api } from '../../lib/api.ts';

/** The client-side roles never appear on the Users page (spec section 6). */
export const EXCLUDED_ROLES = CLIENT_ROLES.join(',');

export const fetchUsers = (query: UserQuery, signal: AbortSignal) =>
  api<Page<StaffUser>>(apiPaths.users, { query: { role__not__in: EXCLUDED_ROLES, ...query }, signal });

export const fetchRoleChoices = (signal: AbortSignal) => api<RoleChoice[]>(apiPaths.roleChoices, { signal });

export const inviteUser = (body: InviteUserBody) => api<SetPasswordLinkResponse>(apiPaths.users, { method: 'POST', body });

export const changeRole = (userId: number, body: ChangeRoleBody) => api<StaffUser>(apiPaths.user(userId), { method: 'PATCH', body });

export const deactivateUser = (userId: number) => api<StaffUser>(apiPaths.deactivateUser(userId), { method: 'POST' });

export const reactivateUser = (userId: number) => api<StaffUser>(apiPaths.reactivateUser(userId), { method: 'POST' });

export const newSetPasswordLink = (userId: number) => api<SetPasswordLinkResponse>(apiPaths.setPasswordLink(userId), { method: 'POST' });

export const fetchUserAudit = (query: UserAuditQuery, signal: AbortSignal) =>
  api<Page<UserAuditEvent>>(apiPaths.userAudit, { query: { ...query }, signal });
