/**
 * The devices and push_tokens tables' rows, declared once (lib/table.ts): the store's column lists (a device's
 * SELECT, its register's insert and RETURNING, a push token's read and save) and its row type derive from them.
 */
import type { DeviceRegistration } from '../../../../common/contract/devices.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const devicesTable = table('devices', {
  id: column<number>(),
  registration_id: column<string>(),
  user_id: column<number>(),
  device: column<string>(),
  active: column<boolean>(),
  type: column<DeviceRegistration['type']>(),
  created_at: column<Date>(),
  updated_at: column<Date>(),
});

export type DeviceColumn = keyof RowOf<typeof devicesTable.columns> & string;

/** The columns the caller sees of a device (the contract's DeviceRegistration). */
export const DEVICE_FIELDS = ['registration_id', 'device', 'active', 'type'] as const satisfies readonly DeviceColumn[];

/** The columns a registration writes (its times are the database's). */
export const NEW_DEVICE_FIELDS = ['registration_id', 'user_id', 'device', 'active', 'type'] as const satisfies readonly DeviceColumn[];

export const pushTokensTable = table('push_tokens', {
  user_id: column<number>(),
  token: column<string>(),
  updated_at: column<Date>(),
});

export type PushTokenColumns = RowOf<typeof pushTokensTable.columns>;
export type PushTokenColumn = keyof PushTokenColumns & string;

/** The columns a user's push token is read as. */
export const PUSH_TOKEN_FIELDS = ['token', 'updated_at'] as const satisfies readonly PushTokenColumn[];
