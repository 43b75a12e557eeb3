/**
 * Web-push device registration (spec section 7): GET /api/devices/{registration_id} checks, POST
 * /api/devices/ registers. Plus the signed-in user's own push token at /api/users/me/push-token.
 */
import type { FastifyInstance } from 'fastify';
import { devicesEndpoints as endpoints } from '../../../../common/contract/devices.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { notFound } from '../../lib/http-error.ts';
import { route } from '../../lib/routes.ts';
import * as store from './store.ts';

export async function deviceRoutes(app: FastifyInstance) {
  route(app, endpoints.device, async (request) => {
    const device = await store.findDevice(app.db, signedInUser(request).id, request.params.registrationId);
    if (!device) throw notFound('Device');
    return device;
  });

  route(app, endpoints.register, async (request, reply) => {
    const { device, created } = await store.registerDevice(app.db, signedInUser(request).id, request.body);
    return reply.code(created ? 201 : 200).send(device);
  });

  route(app, endpoints.pushToken, async (request) => {
    const record = await store.findPushToken(app.db, signedInUser(request).id);
    if (!record) throw notFound('Push token');
    return record;
  });

  route(app, endpoints.savePushToken, async (request) => store.savePushToken(app.db, signedInUser(request).id, request.body.token));
}
