/**
 * The full-screen notice for phones (spec section 2): its exact words, the user-agent rule and the default
 * store links, for the console's client-side notice and the gateway's server-rendered one.
 */
export const MOBILE_NOTICE_TEXT =
  "Our platform isn't currently optimized for mobile screens. To access it, please log in through a desktop web " +
  'browser or consider downloading our app from either the Play Store or the App Store.';

/** The spec's rule: a user agent containing Mobile or Android. */
export function isMobileUserAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && (userAgent.includes('Mobile') || userAgent.includes('Android'));
}

export const DEFAULT_STORE_LINKS = {
  playStore: 'https://play.google.com/store/apps',
  appStore: 'https://apps.apple.com/',
} as const;
