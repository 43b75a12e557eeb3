/**
 * The compliance calendar of a client: its deadlines computed from the profile (common/compliance.ts) from
 * the day it became a client to a year ahead, minus the ones marked filed; the nearest open one kept on the
 * client row for the list (refreshed in every transaction that changes the profile or files a deadline);
 * marking one filed; and the one notice a bookkeeper gets when a deadline comes within 7 days.
 */
import { addDays, addMonths, daysBetween, dubaiDate, type IsoDate } from '../../../../common/calendar.ts';
import { clientDeadlines, deadlineWindow, DEADLINE_NOTICE_DAYS, isFiledDeadline, type ComplianceProfile, type ComputedDeadline } from '../../../../common/compliance.ts';
import type { ClientDeadlines, FileDeadlineBody, OpenDeadline } from '../../../../common/contract/clients.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, invalidInput } from '../../lib/http-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { requireVisibleClient } from './access.ts';
import { notifyDeadlineDueSoon } from './notify.ts';
import { dateText } from './rows.ts';
import { clientWrite } from './client-write.ts';
import { personJson } from '../../lib/person-sql.ts';
import { insertList, selectList } from '../../lib/table.ts';
import { deadlineFilingsTable, FILING_ROW_FIELDS, NEW_FILING_FIELDS, NEW_NOTICE_FIELDS, type DeadlineFilingColumns } from './deadline-table.ts';
import { type PersonRef } from '../../../../common/contract/shared.ts';

type Caller = Pick<CurrentUser, 'id' | 'role'>;

interface ProfileRow extends ComplianceProfile {
  id: number;
  activated_at: Date;
}

// The e-invoicing readiness (client_einvoicing, kept by the einvoicing module) gives the mandate's deadlines.
const PROFILE_COLUMNS = `c.id, c.vat_registered, c.vat_period, c.vat_first_period_end_month, c.financial_year_end_month, ${dateText('c.licence_expires_on', 'licence_expires_on')}, c.activated_at,
  ce.revenue_band, (ce.asp_name IS NOT NULL) AS asp_appointed`;

async function profileOf(db: Queryable, clientId: number): Promise<ProfileRow | undefined> {
  const [row] = await db.query<ProfileRow>(`SELECT ${PROFILE_COLUMNS} FROM clients c LEFT JOIN client_einvoicing ce ON ce.client_id = c.id WHERE c.id = $1`, [clientId]);
  return row;
}

async function filedKeys(db: Queryable, clientId: number): Promise<Set<string>> {
  return new Set((await db.query<Pick<DeadlineFilingColumns, 'key'>>('SELECT key FROM client_deadline_filings WHERE client_id = $1', [clientId])).map((row) => row.key));
}

/** The client's deadlines not filed yet, in due-date order (overdue ones first). */
function openDeadlines(profile: ProfileRow, filed: Set<string>, today: IsoDate): ComputedDeadline[] {
  const { from, to } = deadlineWindow(dubaiDate(profile.activated_at), today);
  return clientDeadlines(profile, from, to).filter((deadline) => !filed.has(deadline.key));
}

/** Recomputes the nearest open deadline kept on the client row (the list's column and sort). */
export async function refreshNextDeadline(tx: Queryable, clientId: number, today = dubaiDate()): Promise<void> {
  const profile = await profileOf(tx, clientId);
  if (!profile) return;
  const [next] = openDeadlines(profile, await filedKeys(tx, clientId), today);
  await tx.query('UPDATE clients SET next_deadline_on = $2, next_deadline_key = $3, next_deadline_title = $4 WHERE id = $1', [
    clientId,
    next?.due_on ?? null,
    next?.key ?? null,
    next?.title ?? null,
  ]);
}

const withDaysLeft = (deadline: ComputedDeadline, today: IsoDate): OpenDeadline => ({ ...deadline, days_left: daysBetween(today, deadline.due_on) });

export async function readDeadlines(db: Queryable, user: Caller, clientId: number, today = dubaiDate()): Promise<ClientDeadlines> {
  await requireVisibleClient(db, user, clientId);
  return deadlinesOf(db, clientId, today);
}

async function deadlinesOf(db: Queryable, clientId: number, today: IsoDate): Promise<ClientDeadlines> {
  const profile = (await profileOf(db, clientId))!;
  const filedRows = await db.query<Pick<DeadlineFilingColumns, (typeof FILING_ROW_FIELDS)[number]> & { filer: PersonRef | null }>(
    `SELECT ${selectList(deadlineFilingsTable, 'f', FILING_ROW_FIELDS)}, ${personJson('u')} AS filer
     FROM client_deadline_filings f LEFT JOIN users u ON u.id = f.filed_by
     WHERE f.client_id = $1 AND f.due_on >= $2::date ORDER BY f.due_on DESC, f.key`,
    [clientId, addMonths(today, -12)],
  );
  const open = openDeadlines(profile, await filedKeys(db, clientId), today).map((deadline) => withDaysLeft(deadline, today));
  return {
    today,
    open,
    filed: filedRows.map((row) => ({
      key: row.key,
      kind: row.kind,
      title: row.title,
      due_on: row.due_on,
      reference: row.reference,
      filed_at: row.filed_at.toISOString(),
      filed_by: row.filer,
    })),
  };
}

/** Records a deadline filed with its reference (e.g. the FTA's acknowledgement number); it leaves the open list. */
export function fileDeadline(db: Database, user: Caller, clientId: number, body: FileDeadlineBody, context: ActionContext, today = dubaiDate()): Promise<ClientDeadlines> {
  const reference = body.reference.trim();
  if (reference === '') return Promise.reject(invalidInput('reference', 'must not be blank'));
  return clientWrite(
    db,
    user,
    clientId,
    context,
    async (tx, client) => {
      const filed = await filedKeys(tx, client.id);
      if (filed.has(body.key)) throw conflict('This deadline is already marked filed.');
      const deadline = openDeadlines((await profileOf(tx, client.id))!, filed, today).find((candidate) => candidate.key === body.key);
      if (!deadline) throw invalidInput('key', "must be one of the client's open deadlines");
      if (!isFiledDeadline(deadline.kind)) throw invalidInput('key', `must be a filing: ${deadline.title} is met through the client's e-invoicing readiness`);
      await recordFiling(tx, client.id, deadline, reference, context.actorId, context.idempotencyKey);
      await refreshNextDeadline(tx, client.id, today);
    },
    (tx, client) => deadlinesOf(tx, client.id, today),
  );
}

const NEW_FILING_INSERT = insertList(NEW_FILING_FIELDS);
const NEW_NOTICE_INSERT = insertList(NEW_NOTICE_FIELDS);

/** Stores a filing and its timeline event. */
async function recordFiling(
  tx: Queryable,
  clientId: number,
  deadline: Pick<ComputedDeadline, 'key' | 'kind' | 'title' | 'due_on'>,
  reference: string,
  actorId: number | null,
  idempotencyKey: string | null,
): Promise<void> {
  await tx.query(`INSERT INTO client_deadline_filings ${NEW_FILING_INSERT.columns} VALUES ${NEW_FILING_INSERT.values}`, [
    clientId,
    deadline.key,
    deadline.kind,
    deadline.title,
    deadline.due_on,
    reference,
    actorId,
  ]);
  await writeAudit(tx, {
    entity: 'client',
    entityId: clientId,
    kind: 'deadline_filed',
    actorId,
    data: { key: deadline.key, kind: deadline.kind, title: deadline.title, due_on: deadline.due_on, reference },
    idempotencyKey,
  });
}

/** The open deadlines of a client computed for `today` (the seed and the tests read them). */
export async function openDeadlinesOf(db: Queryable, clientId: number, today = dubaiDate()): Promise<ComputedDeadline[]> {
  const profile = await profileOf(db, clientId);
  return profile ? openDeadlines(profile, await filedKeys(db, clientId), today) : [];
}

/**
 * Notifies each bookkeeper, once per deadline, of their clients' open deadlines due within the next 7 days
 * (today included). The notice row's primary key makes it once: two replicas running this at the same moment
 * write one notice and one notification between them. Answers how many were sent.
 */
export async function sendDeadlineNotices(db: Database, now = new Date()): Promise<number> {
  const today = dubaiDate(now);
  const horizon = addDays(today, DEADLINE_NOTICE_DAYS);
  // The earliest open deadline is on the row: a client whose earliest is further away has none to tell of.
  const candidates = await db.query<{ id: number }>(
    "SELECT id FROM clients WHERE status <> 'cancelled' AND bookkeeper_id IS NOT NULL AND next_deadline_on <= $1::date ORDER BY id",
    [horizon],
  );
  let sent = 0;
  for (const { id } of candidates) {
    sent += await db.transaction(async (tx) => {
      const [client] = await tx.query<{ id: number; legal_name: string; bookkeeper_id: number | null }>('SELECT id, legal_name, bookkeeper_id FROM clients WHERE id = $1', [id]);
      if (!client || client.bookkeeper_id === null) return 0;
      const due = (await openDeadlinesOf(tx, id, today)).filter((deadline) => deadline.due_on >= today && deadline.due_on <= horizon);
      let count = 0;
      for (const deadline of due) {
        const [claimed] = await tx.query<{ key: string }>(
          `INSERT INTO client_deadline_notices ${NEW_NOTICE_INSERT.columns} VALUES ${NEW_NOTICE_INSERT.values} ON CONFLICT DO NOTHING RETURNING key`,
          [id, deadline.key, deadline.due_on],
        );
        if (!claimed) continue;
        await notifyDeadlineDueSoon(tx, { id, legal_name: client.legal_name, bookkeeper_id: client.bookkeeper_id }, deadline, daysBetween(today, deadline.due_on));
        count += 1;
      }
      return count;
    });
  }
  return sent;
}

/** One client's deadline due in a window, with the Dubai day it was marked filed (null: not filed). */
export interface DueDeadline extends ComputedDeadline {
  client_id: number;
  filed_on: IsoDate | null;
}

/**
 * Every client's deadlines due from `from` to `to` (inclusive), each with the day it was filed: the owner's
 * dashboard counts the ones met, missed and due soon from the same rules the client's calendar uses.
 */
export async function deadlinesDueBetween(db: Queryable, from: IsoDate, to: IsoDate): Promise<DueDeadline[]> {
  const profiles = await db.query<ProfileRow>(`SELECT ${PROFILE_COLUMNS} FROM clients c LEFT JOIN client_einvoicing ce ON ce.client_id = c.id WHERE c.status <> 'cancelled'`);
  const filings = await db.query<Pick<DeadlineFilingColumns, 'client_id' | 'key' | 'filed_at'>>('SELECT client_id, key, filed_at FROM client_deadline_filings WHERE due_on >= $1::date AND due_on <= $2::date', [from, to]);
  const filed = new Map(filings.map((row) => [`${row.client_id} ${row.key}`, dubaiDate(row.filed_at)]));
  return profiles.flatMap((profile) => {
    const activated = dubaiDate(profile.activated_at);
    return clientDeadlines(profile, activated > from ? activated : from, to)
      .filter((deadline) => deadline.due_on >= from)
      .map((deadline) => ({ ...deadline, client_id: profile.id, filed_on: filed.get(`${profile.id} ${deadline.key}`) ?? null }));
  });
}
