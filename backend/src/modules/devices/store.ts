/** Devices and push tokens: one row per browser token, and one push token per user. */
import type { DeviceRegistration, PushTokenRecord } from '../../../../common/contract/devices.ts';
import type { Queryable } from '../../db/database.ts';
import { insertList, selectList } from '../../lib/table.ts';
import { DEVICE_FIELDS, devicesTable, NEW_DEVICE_FIELDS, PUSH_TOKEN_FIELDS, pushTokensTable, type PushTokenColumns } from './table.ts';

const DEVICE = selectList(devicesTable, null, DEVICE_FIELDS);
const NEW_DEVICE = insertList(NEW_DEVICE_FIELDS);
const PUSH_TOKEN = selectList(pushTokensTable, null, PUSH_TOKEN_FIELDS);
type PushTokenRow = Pick<PushTokenColumns, (typeof PUSH_TOKEN_FIELDS)[number]>;

/** The caller's own device: another user's is reported as unknown rather than disclosed. */
export async function findDevice(db: Queryable, userId: number, registrationId: string): Promise<DeviceRegistration | undefined> {
  const [device] = await db.query<DeviceRegistration>(
    `SELECT ${DEVICE} FROM devices WHERE registration_id = $1 AND user_id = $2`,
    [registrationId, userId],
  );
  return device;
}

/** One row per token: registering again updates it, and a browser that signs in as someone else moves it. */
export async function registerDevice(db: Queryable, userId: number, device: DeviceRegistration): Promise<{ device: DeviceRegistration; created: boolean }> {
  const [row] = await db.query<DeviceRegistration & { created: boolean }>(
    `INSERT INTO devices ${NEW_DEVICE.columns} VALUES ${NEW_DEVICE.values}
     ON CONFLICT (registration_id) DO UPDATE
       SET user_id = EXCLUDED.user_id, device = EXCLUDED.device, active = EXCLUDED.active, type = EXCLUDED.type,
           updated_at = CURRENT_TIMESTAMP
     RETURNING ${DEVICE}, (xmax = 0) AS created`,
    [device.registration_id, userId, device.device, device.active, device.type],
  );
  const { created, ...stored } = row!;
  return { device: stored, created };
}

const toRecord = (row: PushTokenRow): PushTokenRecord => ({ token: row.token, updated_at: row.updated_at.toISOString() });

export async function findPushToken(db: Queryable, userId: number): Promise<PushTokenRecord | undefined> {
  const [row] = await db.query<PushTokenRow>(`SELECT ${PUSH_TOKEN} FROM push_tokens WHERE user_id = $1`, [userId]);
  return row && toRecord(row);
}

export async function savePushToken(db: Queryable, userId: number, token: string): Promise<PushTokenRecord> {
  const [row] = await db.query<PushTokenRow>(
    `INSERT INTO push_tokens (user_id, token, updated_at) VALUES ($1, $2, CURRENT_TIMESTAMP)
     ON CONFLICT (user_id) DO UPDATE SET token = EXCLUDED.token, updated_at = CURRENT_TIMESTAMP
     RETURNING ${PUSH_TOKEN}`,
    [userId, token],
  );
  return toRecord(row!);
}
