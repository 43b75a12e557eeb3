/** Staff roles, in the order the spec lists them. */
export const STAFF_ROLES = [
  'ADMIN',
  'BOOKKEEPER',
  'REVIEWER',
  'BD_EXEC',
  'BD_MANAGER',
  'HR_MANAGER',
  'MARKETING',
] as const;

/** Client-side roles: they exist on users but never sign in to this console and are left out of the staff user list. */
export const CLIENT_ROLES = ['CLIENT_ACCOUNT_MANAGER', 'CLIENT'] as const;

export const ROLES = [...STAFF_ROLES, ...CLIENT_ROLES] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];
export type ClientRole = (typeof CLIENT_ROLES)[number];
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** 'BD_MANAGER' -> 'Bd Manager': the spec shows the role label capitalised, 'User' when there is none. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return 'User';
  return role
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
