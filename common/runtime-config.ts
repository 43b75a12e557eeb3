/**
 * What the gateway tells the console at GET /config.json, so one build serves every environment and no
 * configuration is baked into the bundle. Firebase web keys are public identifiers, not secrets.
 */
import type { StoreLinks } from './mobile-notice.ts';

export const RUNTIME_CONFIG_PATH = '/config.json';

export interface RuntimeConfig {
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    appId?: string;
    messagingSenderId?: string;
  };
  /** Public VAPID key for web push; absent when push is not configured. */
  vapidKey?: string;
  /** Origin of the Firebase Auth emulator, e.g. 'http://127.0.0.1:9099'; set only in demo mode. */
  authEmulatorUrl?: string;
  /** The app's own store pages for the mobile notice; a store without one gets no button. */
  storeLinks: StoreLinks;
  /** SESSION_IDLE_MINUTES: no input in any of the console's tabs for this long signs it out. */
  sessionIdleMinutes?: number;
}
