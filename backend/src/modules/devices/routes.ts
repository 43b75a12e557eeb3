/**
 * Web-push device registration (spec section 7): GET /api/devices/{registration_id} checks, POST
 * /api/devices/ registers. Plus the signed-in user's own push token at /api/users/me/push-token.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DeviceParams, DeviceRegistration, PushTokenBody, PushTokenRecord } from '../../../../common/contract/devices.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import { notFound } from '../../lib/http-error.ts';
import * as store from './store.ts';

const config = { access: access.signedIn };

export async function deviceRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/devices/:registrationId', { config, schema: { params: DeviceParams, response: { 200: DeviceRegistration } } }, async (request) => {
    const device = await store.findDevice(app.db, signedInUser(request).id, request.params.registrationId);
    if (!device) throw notFound('Device');
    return device;
  });

  api.post('/devices/', { config, schema: { body: DeviceRegistration, response: { 200: DeviceRegistration, 201: DeviceRegistration } } }, async (request, reply) => {
    const { device, created } = await store.registerDevice(app.db, signedInUser(request).id, request.body);
    return reply.code(created ? 201 : 200).send(device);
  });

  api.get('/users/me/push-token', { config, schema: { response: { 200: PushTokenRecord } } }, async (request) => {
    const record = await store.findPushToken(app.db, signedInUser(request).id);
    if (!record) throw notFound('Push token');
    return record;
  });

  api.put('/users/me/push-token', { config, schema: { body: PushTokenBody, response: { 200: PushTokenRecord } } }, async (request) =>
    store.savePushToken(app.db, signedInUser(request).id, request.body.token),
  );
}
