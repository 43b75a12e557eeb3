/**
 * Each client's own readiness for the e-invoicing mandate, one row per client in client_einvoicing (the
 * clients table is not touched): its TIN (the Peppol endpoint its invoices are addressed to), its revenue
 * band (which gives its deadlines) and the ASP it has appointed. Not ready: no ASP while the appointment
 * deadline is within 90 days or past.
 */
import { addDays, dubaiDate } from '../../../../common/calendar.ts';
import type { ClientReadiness, ClientReadinessBody } from '../../../../common/contract/einvoicing.ts';
import { MANDATE_DEADLINES, type RevenueBand } from '../../../../common/einvoicing.ts';
import { aspStanding, buyerTin, mandateDeadlinesOf, NOT_READY_WINDOW_DAYS, tinDisagreement } from '../../../../common/einvoicing-readiness.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { forbidden, invalidInput, notFound } from '../../lib/http-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { clientPermissions, isVisibleTo, refreshNextDeadline } from '../clients/index.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import { clientEinvoicingTable, NEW_READINESS_FIELDS, NEW_TIN_FIELDS, READINESS_EDIT_FIELDS, READINESS_FIELDS, type ClientEinvoicingColumns } from './table.ts';

type Caller = Pick<CurrentUser, 'id' | 'role'>;

// A client without a readiness row yet reads its columns as null (a LEFT JOIN), its version too.
type Readiness = Pick<ClientEinvoicingColumns, (typeof READINESS_EDIT_FIELDS)[number]> & { version: number | null };
const READINESS = selectList(clientEinvoicingTable, 'ce', READINESS_FIELDS);
const NEW_TIN = insertList(NEW_TIN_FIELDS);
const READINESS_INSERT = insertList(NEW_READINESS_FIELDS);

interface Row extends Readiness {
  id: number;
  bookkeeper_id: number | null;
  reviewer_id: number | null;
  trn: string | null;
}

export function deadlinesOf(band: RevenueBand | null): { aspBy: string; goLive: string } | null {
  return band ? MANDATE_DEADLINES[band] : null;
}

/** No ASP while the appointment deadline (of the band; the later one when the band is unknown) is within 90 days or past. */
export function isNotReady(band: RevenueBand | null, aspName: string | null, today: string): boolean {
  if (aspName) return false;
  const deadline = mandateDeadlinesOf(band).aspBy;
  return addDays(today, NOT_READY_WINDOW_DAYS) >= deadline;
}

async function find(db: Queryable, clientId: number, lock = false): Promise<Row | undefined> {
  const [row] = await db.query<Row>(
    `SELECT c.id, c.bookkeeper_id, c.reviewer_id, CASE WHEN c.vat_registered THEN c.trn END AS trn, ${READINESS}
     FROM clients c LEFT JOIN client_einvoicing ce ON ce.client_id = c.id WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`,
    [clientId],
  );
  return row;
}

function toReadiness(user: Caller, row: Row, today: string): ClientReadiness {
  const deadlines = deadlinesOf(row.revenue_band);
  const standing = aspStanding(row.revenue_band, { name: row.asp_name, appointedOn: row.asp_appointed_on }, today);
  return {
    client_id: row.id,
    tin: buyerTin(row.tin, row.trn),
    tin_from_trn: row.tin === null && buyerTin(null, row.trn) !== null,
    revenue_band: row.revenue_band,
    asp_name: row.asp_name,
    asp_appointed_on: row.asp_appointed_on,
    asp_deadline: deadlines?.aspBy ?? null,
    go_live: deadlines?.goLive ?? null,
    not_ready: standing.notReady,
    late: standing.late,
    standing: standing.label,
    version: row.version ?? 1,
    can_edit: clientPermissions(user, row).edit,
  };
}

export async function readReadiness(db: Queryable, user: Caller, clientId: number, today = dubaiDate()): Promise<ClientReadiness> {
  const row = await find(db, clientId);
  if (!row || !isVisibleTo(user, row)) throw notFound('Client');
  return toReadiness(user, row, today);
}

/** The TIN a new client came with (taken at plan approval), recorded as its e-invoicing TIN when it is activated. */
export async function recordClientTin(tx: Queryable, clientId: number, tin: string): Promise<void> {
  await tx.query(`INSERT INTO client_einvoicing ${NEW_TIN.columns} VALUES ${NEW_TIN.values} ON CONFLICT (client_id) DO UPDATE SET tin = $2, version = client_einvoicing.version + 1`, [clientId, tin]);
}

export function updateReadiness(db: Database, user: Caller, clientId: number, body: ClientReadinessBody, context: ActionContext, today = dubaiDate()): Promise<ClientReadiness> {
  const aspName = body.asp_name?.trim() || null;
  if (aspName === null && body.asp_appointed_on !== null) return Promise.reject(invalidInput('asp_name', 'must be named when the date it was appointed is given'));
  if (aspName !== null && body.asp_appointed_on === null) return Promise.reject(invalidInput('asp_appointed_on', 'must be given with the ASP'));
  return writeRecord(db, {
    entity: 'client',
    context,
    version: body.version ?? null,
    conflictMessage: "This client's e-invoicing details changed since you opened them. Reload and try again.",
    lock: async (tx) => {
      const row = await find(tx, clientId, true);
      if (!row || !isVisibleTo(user, row)) throw notFound('Client');
      if (!clientPermissions(user, row).edit) throw forbidden("Only an administrator or the client's bookkeeper may edit this client's e-invoicing details.");
      const disagreement = tinDisagreement(body.tin, row.trn);
      if (disagreement) throw invalidInput('tin', disagreement);
      return { ...row, version: row.version ?? 1 };
    },
    act: async (tx, row) => {
      await tx.query(
        `INSERT INTO client_einvoicing ${READINESS_INSERT.columns} VALUES ${READINESS_INSERT.values}
         ON CONFLICT (client_id) DO UPDATE SET ${assignList(READINESS_EDIT_FIELDS, 2)}, version = client_einvoicing.version + 1`,
        [row.id, body.tin, body.revenue_band, aspName, body.asp_appointed_on],
      );
      await writeAudit(tx, {
        entity: 'client',
        entityId: row.id,
        kind: 'einvoicing_profile_updated',
        actorId: user.id,
        before: { tin: row.tin, revenue_band: row.revenue_band, asp_name: row.asp_name, asp_appointed_on: row.asp_appointed_on },
        after: { tin: body.tin, revenue_band: body.revenue_band, asp_name: aspName, asp_appointed_on: body.asp_appointed_on },
        idempotencyKey: context.idempotencyKey,
      });
      // The band and the ASP give the calendar's e-invoicing deadlines: the list's next deadline follows them.
      await refreshNextDeadline(tx, row.id, today);
    },
    read: async (tx, row) => toReadiness(user, (await find(tx, row.id))!, today),
  });
}
