import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '../../../common/runtime-config.ts';

/** The gateway's GET /config.json, checked enough that a broken deployment fails with a clear message. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_PATH, { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_PATH} answered ${response.status}`);
  const config = (await response.json()) as Partial<RuntimeConfig> | null;
  const firebase = config?.firebase;
  if (!firebase || typeof firebase.apiKey !== 'string' || typeof firebase.projectId !== 'string') {
    throw new Error(`${RUNTIME_CONFIG_PATH} has no usable firebase section`);
  }
  demoMode = Boolean(config.authEmulatorUrl);
  current = config as RuntimeConfig;
  return current;
}

let demoMode = false;
let current: RuntimeConfig | null = null;

/** The configuration the console booted with (null only before boot has read it). */
export function runtimeConfig(): RuntimeConfig | null {
  return current;
}

/** true when the gateway serves the Auth emulator's demo (the Settings page's demo-only tools show then). */
export function isDemoMode(): boolean {
  return demoMode;
}
