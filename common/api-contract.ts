/**
 * The HTTP contract between the console and the back end (spec section 7), typed once for both sides.
 * Paths are relative to the API base '/api/'.
 */
import type { RegistrationEventKind } from './events.ts';
import type { Role } from './roles.ts';
import type { Stage, StepStatus } from './stages.ts';

export const API_BASE = '/api/';

/** The request time-out of every call (spec section 9). */
export const API_TIMEOUT_MS = 120_000;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const apiPaths = {
  registrations: 'registrations/',
  userStatus: (userId: string | number) => `users/${encodeURIComponent(String(userId))}/status`,
  users: 'users/',
  me: 'users/me',
  roleChoices: 'users/user-role-choices/',
  device: (registrationId: string) => `devices/${encodeURIComponent(registrationId)}`,
  devices: 'devices/',
  /** The signed-in user's own web push token: GET to check it, PUT to register or refresh it. */
  pushToken: 'users/me/push-token',
  notifications: 'notifications/',
  unreadNotifications: 'notifications/unread-count',
  notificationRead: (id: number) => `notifications/${id}/read`,
  notificationsReadAll: 'notifications/read-all',
  /** Server-Sent Events: `notification` events (id = the notification's id) and `read` events. */
  notificationStream: 'notifications/stream',
  /** Demo only (emulator mode): sends the caller a notification; 404 in production. */
  testNotification: 'notifications/test',
} as const;

/** The list envelope of every paginated call; next and previous are absolute URLs or null. */
export interface Page<T> {
  count: number;
  total_pages: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** GET registrations/?stage=&status=&search=&page=&page_size= */
export interface RegistrationQuery {
  stage?: Stage;
  /** 'active' or 'inactive' */
  status?: 'active' | 'inactive';
  search?: string;
  page?: number;
  page_size?: number;
}

/** A registration list item as the back end sends it; recieved_on is spelt so in the contract. */
export interface RegistrationListItem {
  /** The client's user id: the key of users/{userId}/status and of the verification and detail pages. */
  id: number;
  legal_name: string;
  /** ISO 8601 instant */
  date_joined: string;
  registration_id: string;
  /** ISO 8601 instant or null */
  requested_on: string | null;
  /** ISO 8601 instant, null, or an empty string when not received */
  recieved_on: string | null;
  /** Free text, e.g. 'Awaiting Documents', 'Pending Due Diligence' */
  status: string;
}

/** GET users/{userId}/status */
export interface StatusStep {
  field_name: Stage;
  status_text: string;
  status: StepStatus;
}

export interface CurrentStatusEntry {
  status_text: string;
  /** ISO 8601 instant */
  created_at: string;
}

export interface UserStatusResponse {
  status: StatusStep[];
  current_status: CurrentStatusEntry[];
}

/** GET users/me */
export interface Me {
  display_name: string | null;
  email: string;
  id: number;
  role: Role;
  profile_picture: string | null;
  profile: { id: number } | null;
}

/** GET users/?role__not__in=&role__in=&search=&page= */
export interface StaffUser {
  id: number;
  display_name: string | null;
  email: string;
  role: Role;
  profile_picture: string | null;
  /** ISO 8601 instant */
  date_joined: string;
}

/** GET users/user-role-choices/ */
export interface RoleChoice {
  value: Role;
  label: string;
}

/** POST devices/ ; GET devices/{registration_id} answers the same shape or 404. */
export interface DeviceRegistration {
  registration_id: string;
  device: string;
  active: boolean;
  type: 'web';
}

/** PUT users/me/push-token body; GET answers PushTokenRecord or 404. */
export interface PushTokenBody {
  token: string;
}

export interface PushTokenRecord {
  token: string;
  /** ISO 8601 instant of the last registration; the console refreshes it when older than 7 days. */
  updated_at: string;
}

/** What a notification is about: a registration event, or the Settings page's demo test. */
export type NotificationKind = RegistrationEventKind | 'test';

/** GET notifications/?page=&page_size= lists the caller's own, newest first; the stream sends the same shape. */
export interface NotificationRecord {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A console path to open, e.g. '/due-diligence/details/12'; null when there is nothing to open. */
  link: string | null;
  /** ISO 8601 instant */
  created_at: string;
  /** ISO 8601 instant, or null while unread */
  read_at: string | null;
}

/** GET notifications/unread-count, and the answer of every mark-read call. */
export interface UnreadCount {
  unread: number;
}

/** The stream's `read` event: these ids (or every one up to `upTo`) were marked read, in any tab or device. */
export interface NotificationsReadEvent {
  ids: number[];
  upTo: number | null;
}

/** SSE event names of notifications/stream. */
export const NOTIFICATION_STREAM_EVENTS = { notification: 'notification', read: 'read' } as const;

/** The header every call carries: 'Firebase <ID token>'. */
export const AUTH_SCHEME = 'Firebase';
