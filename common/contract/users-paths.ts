/** The users area's endpoints (method and path; schemas and access: usersEndpoints in users.ts), plain code so the console imports them without the schemas. */
export const usersRoutes = {
  /** The signed-in user (any known user). */
  me: 'GET /users/me',
  /** ?role__in=&role__not__in=&search=&page= (ADMIN). */
  list: 'GET /users/',
  /** Invites a staff member (ADMIN). */
  invite: 'POST /users/',
  roleChoices: 'GET /users/user-role-choices/',
  /** Changes a staff user's role or compliance officer mark (ADMIN). */
  changeRole: 'PATCH /users/:userId',
  /** Disables the sign-in account, revokes its sessions and marks the user inactive (ADMIN). */
  deactivate: 'POST /users/:userId/deactivate',
  /** Enables the sign-in account and marks the user active again (ADMIN). */
  reactivate: 'POST /users/:userId/reactivate',
  /** A fresh set-password link for a user who lost or never used theirs (ADMIN). */
  setPasswordLink: 'POST /users/:userId/set-password-link',
  /** ?user_id=&page=: the staff administration audit, newest first (ADMIN). */
  audit: 'GET /users/audit/',
} as const;

/** The longest display name a user may have (the schema's bound and the console's counter). */
export const MAX_DISPLAY_NAME_LENGTH = 100;
