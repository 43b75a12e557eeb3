/** Links starting with http or mailto leave the console; everything else is routed inside it. */
export function isExternalHref(href: string): boolean {
  return /^(https?:|mailto:)/i.test(href);
}

/** A same-origin path safe to navigate to after sign-in; anything else (absolute, protocol-relative) is dropped. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Pages one level deep ('/', '/crm') show their title in the top bar; deeper pages show 'Back To Home'. */
export function pathDepth(pathname: string): number {
  return pathname.split('/').filter((part) => part !== '').length;
}

/** The most a badge shows (the spec's 'badge max 99 shown as 99+'): the nav's counts and the bell. */
export const UNREAD_BADGE_CAP = 99;

/** A badge shows at most UNREAD_BADGE_CAP; more is '99+'. */
export function badgeLabel(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}
