/**
 * The console's one Trusted Types policy. The page's CSP has `require-trusted-types-for 'script'`, so a
 * DOM sink that loads script takes only a value a policy named in its `trusted-types` directive made; the
 * console's code and libraries reach none of those sinks but one: navigator.serviceWorker.register takes a
 * TrustedScriptURL, and push needs the messaging service worker. The policy turns only a script at the
 * site's root (what the build emits unhashed there, scripts/build.ts) into one, so no other caller can use it
 * to load anything else.
 */
import { SERVICE_WORKER_POLICY } from '../../../common/trusted-types.ts';

/** A same-origin script at the root: '/firebase-messaging-sw.js', not '/assets/x.js', a query or another origin. */
const ROOT_SCRIPT = /^\/[\w-]+\.js$/;

interface ScriptUrlPolicy {
  createScriptURL(input: string): unknown;
}

interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(input: string): string }): ScriptUrlPolicy;
}

let policy: ScriptUrlPolicy | undefined;

/**
 * `url` as the TrustedScriptURL register() needs (typed as the string the DOM typings know), or `url` itself
 * where the browser has no Trusted Types. Throws for anything but a root script.
 */
export function serviceWorkerScriptUrl(url: string): string {
  if (!ROOT_SCRIPT.test(url)) throw new TypeError(`not a service worker script of this site: ${url}`);
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory) return url;
  policy ??= factory.createPolicy(SERVICE_WORKER_POLICY, {
    createScriptURL: (input) => {
      if (!ROOT_SCRIPT.test(input)) throw new TypeError(`not a service worker script of this site: ${input}`);
      return input;
    },
  });
  return policy.createScriptURL(url) as string;
}
