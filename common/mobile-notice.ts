/**
 * The full-screen notice for phones (spec section 2): its exact words, the user-agent rule and what a store
 * link must look like, for the console's client-side notice and the gateway's server-rendered one.
 */
export const MOBILE_NOTICE_TEXT =
  "Our platform isn't currently optimized for mobile screens. To access it, please log in through a desktop web " +
  'browser or consider downloading our app from either the Play Store or the App Store.';

/** The spec's rule: a user agent containing Mobile or Android. */
export function isMobileUserAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && (userAgent.includes('Mobile') || userAgent.includes('Android'));
}

/**
 * The app's own pages in the two stores, from PLAY_STORE_URL and APP_STORE_URL. A store that is not
 * configured gets no button: a link to a store's home page only sends the user searching.
 */
export interface StoreLinks {
  playStore?: string;
  appStore?: string;
}

/** What each store's app page looks like: the checks the gateway applies to its settings at start-up. */
export const STORE_PAGE_PATTERNS = {
  playStore: /^https:\/\/play\.google\.com\/store\/apps\/details\?id=[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+(&[\w.=-]*)*$/,
  appStore: /^https:\/\/apps\.apple\.com\/([a-z]{2}\/)?app\/([\w%-]+\/)?id\d+(\?[\w.=&-]*)?$/,
} as const;

export const STORE_PAGE_EXAMPLES = {
  playStore: 'https://play.google.com/store/apps/details?id=ae.example.console',
  appStore: 'https://apps.apple.com/ae/app/example-console/id1234567890',
} as const;
