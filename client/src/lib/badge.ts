/** Counts on badges (the side menu's, the bell's), in a module of their own so the login route's download goes without them. */

/** The most a badge shows (the spec's 'badge max 99 shown as 99+'): the nav's counts and the bell. */
export const UNREAD_BADGE_CAP = 99;

/** A badge shows at most UNREAD_BADGE_CAP; more is '99+'. */
export function badgeLabel(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}
