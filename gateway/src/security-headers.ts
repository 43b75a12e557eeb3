/**
 * The one place the gateway's security headers are decided (CSP included). The set depends only on the
 * configuration, so it is computed once at start-up and copied onto responses as a plain object.
 *
 * Why not @fastify/helmet on each request: helmet rebuilds and sets its ~15 headers through a chain of
 * middleware on every response, which halved the request rate of small responses on this machine, and
 * nothing in the set varies per request. The headers below are what helmet would send, tightened for the
 * console (default-src 'none', no inline anything) and aimed at Mozilla HTTP Observatory's A+.
 */
import type { GatewayConfig } from './config.ts';

export type HeaderSet = Readonly<Record<string, string>>;

/** Avatars: Google account photos and Firebase Storage uploads (profile_picture). */
const AVATAR_ORIGINS = ['https://lh3.googleusercontent.com', 'https://firebasestorage.googleapis.com'];

/** What the Firebase web SDK calls in production: sign-in, token refresh, and FCM registration for push. */
const FIREBASE_PRODUCTION_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://fcmregistrations.googleapis.com',
  'https://firebaseinstallations.googleapis.com',
];

export function contentSecurityPolicy(config: GatewayConfig): string {
  const firebaseOrigins = config.firebase.emulatorHost ? [config.authEmulatorPublicUrl!] : FIREBASE_PRODUCTION_ORIGINS;
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'none'"],
    ['script-src', "'self'"],
    ['style-src', "'self'"],
    // blob: lets the console preview a document it fetched with its token (img for images, iframe for PDFs);
    // only the page's own scripts can mint blob: URLs, and no script runs in them.
    ['img-src', "'self'", 'data:', 'blob:', ...AVATAR_ORIGINS],
    ['frame-src', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...firebaseOrigins],
    ['manifest-src', "'self'"],
    // The push toast's chime (/sounds/notification.wav).
    ['media-src', "'self'"],
    ['worker-src', "'self'"],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['object-src', "'none'"],
  ];
  if (config.tls) directives.push(['upgrade-insecure-requests']);
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/**
 * Features the console never uses are switched off. Notifications are not policy-controlled (the console
 * asks for them through the Notification API); autoplay stays allowed for the console itself because the
 * push toast plays a sound.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Headers every response carries, whatever its kind. */
export function securityHeaders(config: GatewayConfig): HeaderSet {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(config),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
  };
  // Browsers ignore HSTS over plain HTTP, and sending it there would only be noise; two years with preload is
  // what the Observatory and the preload list ask for.
  if (config.tls) headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains; preload';
  return Object.freeze(headers);
}
