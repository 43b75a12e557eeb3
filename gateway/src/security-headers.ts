/**
 * The one place the gateway's security headers are decided (CSP included). The sets depend only on the
 * configuration, so they are computed once at start-up and copied onto responses as plain objects.
 *
 * Two sets, by what the browser does with the answer (docs/gateway.md, "Security headers"):
 * - page: the console's pages and files (HTML, scripts, styles, the service worker). The full policy set,
 *   aimed at Mozilla HTTP Observatory's A+: the CSP with Trusted Types, COOP, a Permissions-Policy...
 * - api: every answer that is data, never rendered as the console: /api/ answers, errors, /config.json and
 *   the probes. Most of the page set only means something to a document that runs scripts, so an API answer
 *   carries what still protects data opened or framed by itself: a CSP that runs and loads nothing, no
 *   framing, nosniff, no referrer, same-origin only, HSTS over HTTPS. It is about 200 bytes against the page
 *   set's 1,200, and header bytes are most of what a small API answer costs to write
 *   (docs/benchmarks.md, "The API path").
 *   An upstream answer's own CSP (a document's `sandbox` policy) is kept: see apiResponseHeaders.
 *
 * Why not @fastify/helmet on each request: helmet rebuilds and sets its ~15 headers through a chain of
 * middleware on every response, which halved the request rate of small responses on this machine, and
 * nothing in the sets varies per request.
 */
import type { GatewayConfig } from './config.ts';
import { TRUSTED_TYPES_POLICIES } from '../../common/trusted-types.ts';

export type HeaderSet = Readonly<Record<string, string>>;

export interface SecurityHeaders {
  /** The console's pages and files. */
  page: HeaderSet;
  /** Data: API answers, errors, /config.json, health. */
  api: HeaderSet;
}

/** Avatars: Google account photos and Firebase Storage uploads (profile_picture). */
const AVATAR_ORIGINS = ['https://lh3.googleusercontent.com', 'https://firebasestorage.googleapis.com'];

/** What the Firebase web SDK calls in production: sign-in, token refresh, and FCM registration for push. */
const FIREBASE_PRODUCTION_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://fcmregistrations.googleapis.com',
  'https://firebaseinstallations.googleapis.com',
];

/** The policy of answers that are data: nothing loads or runs, nothing frames it, and it has no origin of its own. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

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
    // DOM XSS sinks (innerHTML, script URLs, eval) take only values a named policy made: the console's one
    // policy hands the messaging service worker's fixed URL to navigator.serviceWorker.register.
    ['require-trusted-types-for', "'script'"],
    ['trusted-types', ...(TRUSTED_TYPES_POLICIES.length > 0 ? TRUSTED_TYPES_POLICIES : ["'none'"])],
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

/** Browsers ignore HSTS over plain HTTP; two years with preload is what the Observatory and the preload list ask for. */
const HSTS = 'max-age=63072000; includeSubDomains; preload';

export function securityHeaders(config: GatewayConfig): SecurityHeaders {
  const both: Record<string, string> = {
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
  };
  if (config.tls) both['strict-transport-security'] = HSTS;
  const page = {
    'content-security-policy': contentSecurityPolicy(config),
    ...both,
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
  };
  const api = { 'content-security-policy': API_CONTENT_SECURITY_POLICY, ...both };
  return { page: Object.freeze(page), api: Object.freeze(api) };
}
