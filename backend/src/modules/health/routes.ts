/** Liveness and readiness for process managers and the start script; no authentication, outside /api. */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody } from '../../../../common/contract/shared.ts';
import { access } from '../../plugins/auth.ts';

const Status = Type.Object({ status: Type.String() });

export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { config: { access: access.public }, schema: { response: { 200: Status } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: access.public }, schema: { response: { 200: Status, 503: ErrorBody } } }, async (_request, reply) => {
    try {
      await app.db.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ errorCode: 'INTERNAL_ERROR', message: 'The database is not answering.' });
    }
  });
}
