/**
 * The goAML register: suspicious transaction and activity reports, fund freeze reports and partial
 * name match reports, each with its client, its deadline (five business days after the decision) and its
 * filing. Only compliance officers reach it (the routes' access rule answers anyone else 404); nothing here
 * notifies anyone, so no notice can tip a client or a colleague off.
 */
import { GOAML_DEADLINE_WORKING_DAYS, type NewRegisterEntryBody, type RegisterEntry, type RegisterQuery, type UpdateRegisterEntryBody } from '../../../../common/contract/aml.ts';
import { addWorkingDays } from '../../../../common/uae-holidays.ts';
import { amlClientPath } from '../../../../common/links.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { createdWithKey, writeAudit } from '../../lib/audit.ts';
import { invalidInput, notFound } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { findAmlRegistration } from './registration.ts';
import { selectList } from '../../lib/table.ts';
import { amlRegisterEntriesTable, type AmlRegisterEntryColumns } from './table.ts';

/** The columns an entry's row on the register reads. */
const ENTRY_FIELDS = ['id', 'version', 'type', 'opened_at', 'deadline_on', 'filed_on', 'goaml_reference', 'description', 'notes', 'match_id'] as const;

/** An entry with its client (the registration's user, its legal name, the client record once activated). */
type EntryRow = Pick<AmlRegisterEntryColumns, (typeof ENTRY_FIELDS)[number]> & { client_id: number; legal_name: string; client_record_id: number | null };

const SELECT = `SELECT ${selectList(amlRegisterEntriesTable, 'e', ENTRY_FIELDS)}, r.user_id AS client_id, r.legal_name,
                       (SELECT c.id FROM clients c WHERE c.registration_id = r.id ORDER BY c.id LIMIT 1) AS client_record_id
                FROM aml_register_entries e JOIN registrations r ON r.id = e.registration_id`;

const toEntry = (row: EntryRow): RegisterEntry => ({
  id: row.id,
  version: row.version,
  type: row.type,
  client: { id: row.client_id, legal_name: row.legal_name },
  opened_at: row.opened_at.toISOString(),
  deadline_on: row.deadline_on,
  filed_on: row.filed_on,
  goaml_reference: row.goaml_reference,
  description: row.description,
  notes: row.notes,
  from_match: row.match_id !== null,
  client_path: amlClientPath({ user_id: row.client_id, client_id: row.client_record_id }),
});

/** The register, open entries first by deadline, then the filed ones newest first. */
export async function listRegister(db: Queryable, query: RegisterQuery, window: PageWindow): Promise<{ count: number; results: RegisterEntry[] }> {
  const where = new SqlFilter();
  if (query.type !== undefined) where.add((p) => `e.type = ${p}`, query.type);
  if (query.client !== undefined) where.add((p) => `r.user_id = ${p}`, query.client);
  if (query.state === 'open') where.addClause('e.filed_on IS NULL');
  if (query.state === 'filed') where.addClause('e.filed_on IS NOT NULL');
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    `SELECT count(*)::integer AS count FROM aml_register_entries e JOIN registrations r ON r.id = e.registration_id ${where.where}`,
    where.params,
  );
  const rows = await db.query<EntryRow>(
    `${SELECT} ${where.where} ORDER BY e.filed_on IS NOT NULL, CASE WHEN e.filed_on IS NULL THEN e.deadline_on END, e.filed_on DESC, e.id DESC LIMIT ${window.size} OFFSET ${window.offset}`,
    where.params,
  );
  return { count, results: rows.map(toEntry) };
}

async function readEntry(db: Queryable, id: number): Promise<RegisterEntry> {
  const [row] = await db.query<EntryRow>(`${SELECT} WHERE e.id = $1`, [id]);
  if (!row) throw notFound('Register entry');
  return toEntry(row);
}

/** The deadline goAML gives a report: five UAE business days after the decision (weekends and holidays skipped). */
export const registerDeadline = (decidedOn: string): string => addWorkingDays(decidedOn, GOAML_DEADLINE_WORKING_DAYS);

export async function addRegisterEntry(db: Database, body: NewRegisterEntryBody, context: ActionContext, today: string): Promise<RegisterEntry> {
  if (body.decided_on > today) throw invalidInput('decided_on', 'must not be in the future');
  const registration = await findAmlRegistration(db, body.client).catch(() => {
    throw invalidInput('client', 'is not a known client or registration');
  });
  return db.transaction(async (tx) => {
    const seen = await createdWithKey(tx, 'aml_register', 'register_entry_opened', context.actorId, context.idempotencyKey);
    if (seen !== null) return readEntry(tx, seen);
    // What the officer writes on opening describes the case; filing notes come later, beside it.
    const notes = body.notes.trim();
    const [row] = await tx.query<{ id: number }>(
      'INSERT INTO aml_register_entries (registration_id, type, deadline_on, description) VALUES ($1, $2, $3, $4) RETURNING id',
      [registration.id, body.type, registerDeadline(body.decided_on), notes],
    );
    await writeAudit(tx, {
      entity: 'aml_register', entityId: row!.id, kind: 'register_entry_opened', actorId: context.actorId,
      data: { registration_id: registration.id, type: body.type, decided_on: body.decided_on }, after: { notes }, idempotencyKey: context.idempotencyKey,
    });
    return readEntry(tx, row!.id);
  });
}

export async function updateRegisterEntry(db: Database, entryId: number, body: UpdateRegisterEntryBody, context: ActionContext, today: string): Promise<RegisterEntry> {
  if (body.filed_on && body.filed_on > today) throw invalidInput('filed_on', 'must not be in the future');
  return writeRecord(db, {
    entity: 'aml_register',
    context,
    version: body.version,
    conflictMessage: 'Someone changed this register entry since you opened it. Reload to see the change.',
    lock: async (tx) => {
      const [row] = await tx.query<{ id: number; version: number; filed_on: string | null; goaml_reference: string | null; notes: string }>(
        "SELECT id, version, to_char(filed_on, 'YYYY-MM-DD') AS filed_on, goaml_reference, notes FROM aml_register_entries WHERE id = $1 FOR UPDATE",
        [entryId],
      );
      if (!row) throw notFound('Register entry');
      return row;
    },
    act: async (tx, row) => {
      const next = {
        filed_on: body.filed_on === undefined ? row.filed_on : body.filed_on,
        goaml_reference: body.goaml_reference === undefined ? row.goaml_reference : body.goaml_reference?.trim() || null,
        notes: body.notes === undefined ? row.notes : body.notes.trim(),
      };
      // A filing is recorded with its reference: goAML answers every submission with one.
      if (next.filed_on !== null && next.goaml_reference === null) throw invalidInput('goaml_reference', 'is needed once the date filed is given');
      await tx.query('UPDATE aml_register_entries SET filed_on = $2, goaml_reference = $3, notes = $4, version = version + 1 WHERE id = $1', [row.id, next.filed_on, next.goaml_reference, next.notes]);
      const { id: _id, version: _version, ...before } = row;
      await writeAudit(tx, { entity: 'aml_register', entityId: row.id, kind: 'register_entry_updated', actorId: context.actorId, before, after: next, idempotencyKey: context.idempotencyKey });
    },
    read: (tx, row) => readEntry(tx, row.id),
  });
}
