/** The users area's paths (relative to API_BASE), plain code so the console imports them without the schemas. */
export const userPaths = {
  /** GET ?role__in=&role__not__in=&search=&page= (ADMIN); POST invites a staff member (ADMIN). */
  list: 'users/',
  me: 'users/me',
  roleChoices: 'users/user-role-choices/',
  /** PATCH { role }: changes a staff user's role (ADMIN). */
  user: (userId: number) => `users/${userId}`,
  /** POST: disables the sign-in account, revokes its sessions and marks the user inactive (ADMIN). */
  deactivate: (userId: number) => `users/${userId}/deactivate`,
  /** POST: enables the sign-in account and marks the user active again (ADMIN). */
  reactivate: (userId: number) => `users/${userId}/reactivate`,
  /** POST: a fresh set-password link for a user who lost or never used theirs (ADMIN). */
  setPasswordLink: (userId: number) => `users/${userId}/set-password-link`,
  /** GET ?user_id=&page=: the staff administration audit, newest first (ADMIN). */
  audit: 'users/audit/',
} as const;

/** The longest display name a user may have (the schema's bound and the console's counter). */
export const MAX_DISPLAY_NAME_LENGTH = 100;
