/** The Audit page (/audit, ADMIN): every audited event of every area, filtered, paged and exported as CSV. */
import { Type, type Static } from 'typebox';
import { AUDIT_ENTITIES } from '../events.ts';
import { auditFields } from './audit-fields.ts';
import { access, endpoints } from './endpoint.ts';
import { AUDIT_AREAS, auditRoutes } from './audit-paths.ts';
import { CalendarDate, Closed, Id, Instant, Line, Nullable, Page, PageQuery } from './shared.ts';
import { UserRef } from './users.ts';

export * from './audit-paths.ts';

/** What the Audit page's filters narrow to; the dates are Dubai calendar days, both ends included. */
const auditFilters = {
  actor: Type.Optional(Id(auditFields.person.label)),
  area: Type.Optional(Type.Enum(AUDIT_AREAS, { title: auditFields.area.label })),
  entity: Type.Optional(Type.Enum(AUDIT_ENTITIES, { title: auditFields.recordKind.label })),
  record: Type.Optional(Id(auditFields.record.label)),
  kind: Type.Optional(Line(auditFields.event.max, { minLength: auditFields.event.min, title: auditFields.event.label })),
  from: Type.Optional(CalendarDate(auditFields.from.label)),
  to: Type.Optional(CalendarDate(auditFields.to.label)),
};
export const AuditQuery = Closed({ ...auditFilters, ...PageQuery });
export type AuditQuery = Static<typeof AuditQuery>;
export const AuditExportQuery = Closed(auditFilters);
export type AuditExportQuery = Static<typeof AuditExportQuery>;

const Json = Nullable(Type.Record(Type.String(), Type.Unknown()));

/** One audited event: who did what to which record, when, with the values before and after and where the request came from. */
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  created_at: Instant,
  /** null for the system (scheduled work, seeding) or an unknown caller (a refused request). */
  actor: Nullable(UserRef),
  kind: Type.String(),
  entity: Type.Enum(AUDIT_ENTITIES),
  entity_id: Type.Integer(),
  /** The record by the name or number people know it by ('INV-000145 · Gulf Trading LLC') and its console page (null: none to open). */
  record: Type.Object({ label: Type.String(), href: Nullable(Type.String()) }),
  area: Type.Enum(AUDIT_AREAS),
  data: Type.Record(Type.String(), Type.Unknown()),
  before: Json,
  after: Json,
  /** The X-Request-Id the call carried through the gateway and the back end; null for work without a request. */
  request_id: Nullable(Type.String()),
  /** The client address the gateway saw (X-Forwarded-For from a trusted proxy); null for work without a request. */
  client_address: Nullable(Type.String()),
});
export type AuditEntry = Static<typeof AuditEntry>;

const admin = access.page('audit');

export const auditEndpoints = endpoints('audit', auditRoutes, {
  list: { summary: 'Every audited event, newest first', access: admin, query: AuditQuery, response: { 200: Page(AuditEntry) } },
  export: { summary: 'The same selection of events as a CSV file', access: admin, query: AuditExportQuery, raw: { contentTypes: ['text/csv'], description: 'The CSV file, as an attachment' } },
});
