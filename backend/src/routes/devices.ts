/**
 * Web-push device registration (spec section 7): GET /api/devices/{registration_id} checks, POST
 * /api/devices/ registers. Plus the signed-in user's own push token at /api/users/me/push-token.
 */
import type { FastifyInstance } from 'fastify';
import type { DeviceRegistration, PushTokenBody, PushTokenRecord } from '../../../common/api-contract.ts';
import { signedInUser } from '../plugins/auth.ts';
import { notFound } from '../lib/http-error.ts';
import { plainText } from '../lib/schemas.ts';

/** FCM tokens are ~160-200 printable ASCII characters; the limits only keep junk out. */
const TOKEN_SCHEMA = { type: 'string', minLength: 1, maxLength: 4096, pattern: '^[\\x21-\\x7e]+$' } as const;

export async function deviceRoutes(app: FastifyInstance) {
  app.get<{ Params: { registrationId: string } }>(
    '/devices/:registrationId',
    { schema: { params: { type: 'object', properties: { registrationId: TOKEN_SCHEMA } } } },
    async (request): Promise<DeviceRegistration> => {
      const user = signedInUser(request);
      // Scoped to the caller: another user's device is reported as unknown rather than disclosed.
      const [device] = await app.db.query<DeviceRegistration>(
        'SELECT registration_id, device, active, type FROM devices WHERE registration_id = $1 AND user_id = $2',
        [request.params.registrationId, user.id],
      );
      if (!device) throw notFound('Device');
      return device;
    },
  );

  app.post<{ Body: DeviceRegistration }>(
    '/devices/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['registration_id', 'device', 'active', 'type'],
          properties: {
            registration_id: TOKEN_SCHEMA,
            device: { ...plainText(255), minLength: 1 },
            active: { type: 'boolean' },
            type: { type: 'string', enum: ['web'] },
          },
        },
      },
    },
    async (request, reply): Promise<DeviceRegistration> => {
      const user = signedInUser(request);
      const { registration_id, device, active, type } = request.body;
      // One row per token: registering again updates it, and a browser that signs in as someone else moves it.
      const [row] = await app.db.query<DeviceRegistration & { created: boolean }>(
        `INSERT INTO devices (registration_id, user_id, device, active, type) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (registration_id) DO UPDATE
           SET user_id = EXCLUDED.user_id, device = EXCLUDED.device, active = EXCLUDED.active, type = EXCLUDED.type,
               updated_at = CURRENT_TIMESTAMP
         RETURNING registration_id, device, active, type, (xmax = 0) AS created`,
        [registration_id, user.id, device, active, type],
      );
      const { created, ...body } = row!;
      reply.code(created ? 201 : 200);
      return body;
    },
  );

  app.get('/users/me/push-token', async (request): Promise<PushTokenRecord> => {
    const user = signedInUser(request);
    const [record] = await app.db.query<{ token: string; updated_at: Date }>('SELECT token, updated_at FROM push_tokens WHERE user_id = $1', [user.id]);
    if (!record) throw notFound('Push token');
    return { token: record.token, updated_at: record.updated_at.toISOString() };
  });

  app.put<{ Body: PushTokenBody }>(
    '/users/me/push-token',
    { schema: { body: { type: 'object', required: ['token'], properties: { token: TOKEN_SCHEMA } } } },
    async (request): Promise<PushTokenRecord> => {
      const user = signedInUser(request);
      const [record] = await app.db.query<{ token: string; updated_at: Date }>(
        `INSERT INTO push_tokens (user_id, token, updated_at) VALUES ($1, $2, CURRENT_TIMESTAMP)
         ON CONFLICT (user_id) DO UPDATE SET token = EXCLUDED.token, updated_at = CURRENT_TIMESTAMP
         RETURNING token, updated_at`,
        [user.id, request.body.token],
      );
      return { token: record!.token, updated_at: record!.updated_at.toISOString() };
    },
  );
}
