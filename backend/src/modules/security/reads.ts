/**
 * Reads worth a record: every answer that is a file, a list's CSV export or a document (downloaded
 * or previewed), writes an event on the reader before it leaves, so a file nobody can account for never
 * leaves. One hook for the whole app, by what the answer is (a Content-Disposition), so an export or a
 * document route added later is audited without doing anything. The audit trail's own export writes its own
 * event (audit_exported) and is left to it.
 */
import type { FastifyInstance } from 'fastify';
import { writeAudit } from '../../lib/audit.ts';
import { withRequestOrigin } from '../../lib/request-origin.ts';

const SELF_AUDITED = new Set(['/api/audit/export']);
const FILE_NAME = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i;

export async function auditReads(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    const disposition = reply.getHeader('content-disposition');
    const user = request.user;
    if (typeof disposition !== 'string' || !user || reply.statusCode >= 300 || request.method !== 'GET') return payload;
    const path = request.url.split('?')[0] ?? request.url;
    if (SELF_AUDITED.has(path)) return payload;
    const csv = String(reply.getHeader('content-type') ?? '').startsWith('text/csv');
    const name = FILE_NAME.exec(disposition)?.[1];
    await withRequestOrigin({ requestId: request.id, clientAddress: request.ip }, () =>
      app.db.transaction((tx) =>
        writeAudit(tx, {
          entity: 'user',
          entityId: user.id,
          kind: csv ? 'list_exported' : 'document_downloaded',
          actorId: user.id,
          data: { path, ...(request.url.includes('?') ? { query: request.url.slice(request.url.indexOf('?') + 1) } : {}), ...(name ? { file: decodeURIComponent(name) } : {}), ...(csv ? {} : { disposition: disposition.split(';')[0] }) },
        }),
      ),
    );
    return payload;
  });
}
