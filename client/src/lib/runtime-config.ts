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
  return config as RuntimeConfig;
}

let demoMode = false;

/** true when the gateway serves the Auth emulator's demo (the Settings page's demo-only tools show then). */
export function isDemoMode(): boolean {
  return demoMode;
}
