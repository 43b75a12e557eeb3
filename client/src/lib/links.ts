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

