/**
 * Web push registration (spec sections 4 and 7): a second named Firebase app for messaging, permission asked
 * from a user action only, the FCM token fetched with the messaging service worker (bounded in time: getToken
 * never settles offline) and refreshed when older than 7 days, then the device check/register pair and the
 * user's push-token check/register pair. Every failure on this path is logged only; the console goes on.
 */
import { signal } from '@preact/signals-react';
import { initializeApp } from 'firebase/app';
import type { Messaging } from 'firebase/messaging';
import { clientEndpoints } from '../../../common/contract/endpoint.ts';
import type { DeviceRegistration, devicesEndpoints } from '../../../common/contract/devices.ts';
import { devicesRoutes } from '../../../common/contract/devices-paths.ts';
import type { RuntimeConfig } from '../../../common/runtime-config.ts';
import { call } from './call.ts';
import { ApiError } from './errors.ts';
import { serviceWorkerScriptUrl } from './trusted-types.ts';

export const TOKEN_MAX_AGE_MS = 604_800_000;
export const GET_TOKEN_TIMEOUT_MS = 15_000;
export const MESSAGING_APP_NAME = 'messaging';
export const MESSAGING_SW_URL = '/firebase-messaging-sw.js';
/** The spec's fixed placeholder for the device field. */
export const DEVICE_PLACEHOLDER = 'web';

export type PermissionState = NotificationPermission | 'unsupported';
export type DeviceState = 'unknown' | 'registering' | 'registered' | 'not-registered' | 'unavailable';

export const pushPermission = signal<PermissionState>(currentPermission());
export const deviceState = signal<DeviceState>('unknown');

const devices = clientEndpoints<typeof devicesEndpoints>(devicesRoutes);

let messagingSetup: { messaging: Messaging; vapidKey: string } | null = null;

function currentPermission(): PermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** true when the stored token is older than 7 days (or its age is unknown) and must be fetched anew. */
export function needsTokenRefresh(updatedAt: string | null | undefined, now: number = Date.now()): boolean {
  if (!updatedAt) return true;
  const at = Date.parse(updatedAt);
  return Number.isNaN(at) || now - at > TOKEN_MAX_AGE_MS;
}

/** Settles like `work`, or rejects after `ms` with a time-out error. */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

let messagingStarting: Promise<void> = Promise.resolve();

/** Starts messaging when the runtime configuration allows it; a failure is a warning and push stays off. */
export function initMessaging(config: RuntimeConfig): Promise<void> {
  messagingStarting = startMessaging(config);
  return messagingStarting;
}

async function startMessaging(config: RuntimeConfig): Promise<void> {
  try {
    if (!config.vapidKey || !config.firebase.messagingSenderId || !config.firebase.appId) throw new Error('web push is not configured (no VAPID key, sender id or app id)');
    const { getMessaging, isSupported } = await import('firebase/messaging');
    if (!(await isSupported())) throw new Error('this browser does not support web push');
    const app = initializeApp(config.firebase, MESSAGING_APP_NAME);
    messagingSetup = { messaging: getMessaging(app), vapidKey: config.vapidKey };
  } catch (error) {
    console.warn('Messaging did not start; the console continues without push notifications', error);
    deviceState.value = 'unavailable';
  }
}


/** Asks for permission (call it from a click) and, when granted, registers this device. Never throws. */
export async function enablePushNotifications(): Promise<void> {
  if (typeof Notification === 'undefined') {
    console.warn('This browser has no notifications');
    return;
  }
  let permission: NotificationPermission;
  try {
    permission = await Notification.requestPermission();
  } catch (error) {
    console.warn('Notification permission could not be asked', error);
    return;
  }
  pushPermission.value = permission;
  if (permission !== 'granted') {
    console.warn(`Notification permission ${permission}; no push token fetched`);
    return;
  }
  await registerDevice();
}

/** With permission granted: token, device check/register, push-token check/register. Failures are logged only. */
export async function registerDevice(): Promise<void> {
  await messagingStarting;
  if (!messagingSetup || currentPermission() !== 'granted') return;
  const { messaging, vapidKey } = messagingSetup;
  deviceState.value = 'registering';
  try {
    const { deleteToken, getToken } = await import('firebase/messaging');
    const registration = await navigator.serviceWorker.register(serviceWorkerScriptUrl(MESSAGING_SW_URL), { scope: '/' });
    const fetchToken = () => withTimeout(getToken(messaging, { vapidKey, serviceWorkerRegistration: registration }), GET_TOKEN_TIMEOUT_MS, 'getToken');
    let token = await fetchToken();
    const stored = await call(devices.pushToken).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
    if (stored?.token === token && needsTokenRefresh(stored.updated_at)) {
      await withTimeout(deleteToken(messaging), GET_TOKEN_TIMEOUT_MS, 'deleteToken');
      token = await fetchToken();
    }
    await registerToken(token);
    if (stored?.token !== token || needsTokenRefresh(stored.updated_at)) {
      await call(devices.savePushToken, { body: { token } });
    }
    deviceState.value = 'registered';
  } catch (error) {
    console.error('Push registration failed', error);
    deviceState.value = 'not-registered';
  }
}

async function registerToken(token: string): Promise<void> {
  try {
    await call(devices.device, { params: { registrationId: token } });
    return;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  const body: DeviceRegistration = { registration_id: token, device: DEVICE_PLACEHOLDER, active: true, type: 'web' };
  await call(devices.register, { body });
}

