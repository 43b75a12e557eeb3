/** The users area: the signed-in user, the staff list and its administration (ADMIN), and the audit. */
import { Type, type Static } from 'typebox';
import { USER_EVENT_KINDS } from '../events.ts';
import { ROLES, STAFF_ROLES } from '../roles.ts';
import { bulkActions } from './bulk.ts';
import { access, endpoints } from './endpoint.ts';
import { Closed, Email, Id, IdempotencyHeaders, IdParams, Instant, Line, NoBody, Nullable, Page, PageQuery, Search } from './shared.ts';
import { TotpCode } from './security.ts';

import { usersBulkLabels } from './users-bulk-paths.ts';
import { userFields } from './users-fields.ts';
import { usersRoutes } from './users-paths.ts';

export { MAX_DISPLAY_NAME_LENGTH, usersRoutes } from './users-paths.ts';

const RoleSchema = Type.Enum(ROLES, { title: userFields.role.label });

export const USER_STATUSES = ['invited', 'active', 'deactivated'] as const;
const StaffRoleSchema = Type.Enum(STAFF_ROLES, { title: userFields.role.label });

/** GET users/me */
export const Me = Type.Object({
  display_name: Nullable(Type.String()),
  email: Type.String(),
  id: Type.Integer(),
  role: RoleSchema,
  profile_picture: Nullable(Type.String()),
  profile: Nullable(Type.Object({ id: Type.Integer() })),
  /** A staff sign-in that still needs its code: the console asks for it before any page. */
  second_factor_missing: Type.Boolean(),
});
export type Me = Static<typeof Me>;

/** GET users/?role__not__in=&role__in=&search=&page=: roles comma-separated. */
const UserFilterFields = {
  search: Type.Optional(Search),
  role__in: Type.Optional(Line(500, { title: 'Roles' })),
};
export const UserQuery = Closed({
  ...PageQuery,
  ...UserFilterFields,
  role__not__in: Type.Optional(Line(500, { title: 'Roles left out' })),
});
export type UserQuery = Static<typeof UserQuery>;
/** The Users page's filter as a bulk job carries it (the page leaves out clients itself, as the list call does). */
export const UserFilter = Closed(UserFilterFields);
export type UserFilter = Static<typeof UserFilter>;

export const StaffUser = Type.Object({
  id: Type.Integer(),
  display_name: Nullable(Type.String()),
  email: Type.String(),
  role: RoleSchema,
  profile_picture: Nullable(Type.String()),
  date_joined: Instant,
  /** false once an administrator deactivated the user: the account cannot sign in or call the API. */
  active: Type.Boolean(),
  /** invited until the first signed-in call (the set-password link may need resending), then active; deactivated by an administrator. */
  status: Type.Enum(USER_STATUSES),
});
export type StaffUser = Static<typeof StaffUser>;

/** POST users/: invites a staff member (ADMIN). */
export const InviteUserBody = Closed({
  email: Email,
  display_name: Line(userFields.name.max, { minLength: userFields.name.min, title: userFields.name.label }),
  role: StaffRoleSchema,
});
export type InviteUserBody = Static<typeof InviteUserBody>;

/** The invited user and the link that lets them set a password (it opens the console's set-password page). */
export const SetPasswordLinkResponse = Type.Object({ user: StaffUser, set_password_link: Type.String() });
export type SetPasswordLinkResponse = Static<typeof SetPasswordLinkResponse>;

/** PATCH users/{userId}: the role, or the compliance officer mark (an ADMIN's only: the goAML register). */
export const ChangeRoleBody = Closed({
  role: Type.Optional(StaffRoleSchema),
  compliance_officer: Type.Optional(Type.Boolean({ title: 'Compliance officer' })),
  /** A new role needs the ADMIN's fresh code (step-up), checked and spent before the change. */
  code: Type.Optional(TotpCode),
});
export type ChangeRoleBody = Static<typeof ChangeRoleBody>;

/** GET users/audit/?user_id=&page=&page_size= */
export const UserAuditQuery = Closed({ ...PageQuery, user_id: Type.Optional(Id('User')) });
export type UserAuditQuery = Static<typeof UserAuditQuery>;

export const UserRef = Type.Object({ id: Type.Integer(), email: Type.String(), display_name: Nullable(Type.String()) });
export type UserRef = Static<typeof UserRef>;

/** One staff administration event: who did what to whom, when, and the record before and after. */
export const UserAuditEvent = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(USER_EVENT_KINDS),
  user: UserRef,
  /** null when the acting user has since been removed, or for system changes. */
  actor: Nullable(UserRef),
  before: Nullable(Type.Record(Type.String(), Type.Unknown())),
  after: Nullable(Type.Record(Type.String(), Type.Unknown())),
  created_at: Instant,
});
export type UserAuditEvent = Static<typeof UserAuditEvent>;

/** GET users/user-role-choices/ */
export const RoleChoice = Type.Object({ value: RoleSchema, label: Type.String() });
export type RoleChoice = Static<typeof RoleChoice>;

const admin = access.page('users');
const userParams = IdParams('userId');

export const usersEndpoints = endpoints('users', usersRoutes, {
  // Answered before the second factor, saying whether it is still needed: the console's sign-in reads it first.
  me: { summary: 'The signed-in user', access: access.signedIn, beforeSecondFactor: true, response: { 200: Me } },
  list: { summary: 'Staff users, sorted by name', access: admin, query: UserQuery, response: { 200: Page(StaffUser) } },
  invite: { summary: 'Invite a staff member: the sign-in account and the user row together', access: admin, headers: IdempotencyHeaders, body: InviteUserBody, response: { 201: SetPasswordLinkResponse }, errors: [409] },
  roleChoices: { summary: 'Every role with its label', access: admin, response: { 200: Type.Array(RoleChoice) } },
  changeRole: { summary: 'Change a staff user\'s role (never your own, never the last active ADMIN\'s) or compliance officer mark (ADMIN users only); a new role with a fresh code of the ADMIN', access: admin, params: userParams, body: ChangeRoleBody, response: { 200: StaffUser }, errors: [409, 429] },
  deactivate: { summary: 'Disable the account, revoke its sessions, mark the user inactive', access: admin, params: userParams, body: NoBody, response: { 200: StaffUser }, errors: [409] },
  reactivate: { summary: 'Enable the account and the user again', access: admin, params: userParams, body: NoBody, response: { 200: StaffUser } },
  setPasswordLink: { summary: 'A fresh set-password link', access: admin, params: userParams, body: NoBody, response: { 200: SetPasswordLinkResponse }, errors: [409] },
  audit: { summary: 'The staff administration audit, newest first', access: admin, query: UserAuditQuery, response: { 200: Page(UserAuditEvent) } },
});

/** The Users list's bulk deactivate, reactivate (no parameters) and change of role (a staff role). */
export const usersBulkActions = bulkActions('users', usersBulkLabels, {
  deactivate: Closed({}),
  reactivate: Closed({}),
  role: Closed({ role: Type.Enum(STAFF_ROLES, { title: 'New role' }) }),
});
