/** The name shown for a user: the display name, or the spec's default when there is none ('Unknow User', spelt so). */
export const UNKNOWN_USER_NAME = 'Unknow User';

export function userDisplayName(displayName: string | null | undefined): string {
  return displayName?.trim() || UNKNOWN_USER_NAME;
}

/** Up to two initials of a name, for an avatar without a picture. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
