/** Liveness and readiness for process managers and the start script; no authentication, outside /api. */
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await app.db.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ errorCode: 'INTERNAL_ERROR', message: 'The database is not answering.' });
    }
  });
}
