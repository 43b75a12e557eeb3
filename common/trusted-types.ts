/**
 * The Trusted Types policies the console creates, named once for the page's CSP (the gateway's
 * `trusted-types` directive) and for the code that creates them. Under `require-trusted-types-for 'script'`
 * every DOM sink that loads or runs script takes only a value a named policy made; the console's own code
 * and its libraries need none except one: navigator.serviceWorker.register takes a TrustedScriptURL, and the
 * messaging service worker must be registered (client/src/lib/trusted-types.ts).
 */
export const SERVICE_WORKER_POLICY = 'console-service-worker';

export const TRUSTED_TYPES_POLICIES: readonly string[] = [SERVICE_WORKER_POLICY];
