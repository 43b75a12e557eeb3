/** The Audit page's calls (auditEndpoints of common/contract/audit.ts) and cache keys; every key starts with 'audit'. */
import { dubaiDate } from '../../../../common/calendar.ts';
import { auditExportFileName, auditRoutes } from '../../../../common/contract/audit-paths.ts';
import type { AuditExportQuery, AuditQuery, auditEndpoints } from '../../../../common/contract/audit.ts';
import { clientEndpoints } from '../../../../common/contract/endpoint.ts';
import { usersRoutes } from '../../../../common/contract/users-paths.ts';
import type { usersEndpoints } from '../../../../common/contract/users.ts';
import { CLIENT_ROLES } from '../../../../common/roles.ts';
import { call } from '../../lib/call.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useQuery } from '../../lib/use-query.ts';

const audit = clientEndpoints<typeof auditEndpoints>(auditRoutes);
const users = clientEndpoints<typeof usersEndpoints>(usersRoutes);

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditQuery) => ['audit', 'list', query] as const,
  people: ['audit', 'people'] as const,
};

export const fetchAudit = (query: AuditQuery, signal: AbortSignal) => call(audit.list, { query, signal });

/** Every event the filters select, as CSV (streamed by the back end, which audits the export). */
export async function downloadAuditCsv(query: AuditExportQuery): Promise<void> {
  saveFile(await call(audit.export, { query, responseType: 'blob' }), auditExportFileName(dubaiDate()));
}

/** The staff for the person filter (the firm's staff fit in one page of the Users list). */
export const usePeople = () =>
  useQuery(auditKeys.people, (signal) => call(users.list, { query: { role__not__in: CLIENT_ROLES.join(','), page_size: 100 }, signal }));
