/**
 * One client: what its page shows (profile, contacts, team, subscription, next deadline, what the caller may
 * do), its profile and team changes (a versioned write with its events and notifications), the people a
 * client may be assigned to, and its timeline (its own events, its subscriptions' and its reports', read
 * together newest first, each with a sentence for people).
 */
import { dubaiDate, daysBetween, formatIsoDate, monthLabel } from '../../../../common/calendar.ts';
import { DATE_RULES, inThePast } from '../../../../common/date-rules.ts';
import {
  CLIENT_CONFLICT_MESSAGE,
  CLIENT_DOCUMENT_KIND_LABELS,
  CLIENT_EVENT_GROUPS,
  type ClientDocumentKind,
  type ClientTimelineGroup,
} from '../../../../common/clients.ts';
import type { ClientDetail, ClientTimelineEvent, NextDeadline, TeamChoices, UpdateClientBody } from '../../../../common/contract/clients.ts';
import type { PersonRef } from '../../../../common/contract/shared.ts';
import { CLIENT_EVENT_KINDS, type ClientEventKind } from '../../../../common/events.ts';
import { formatFils } from '../../../../common/money.ts';
import { CYCLE_TERMS, type BillingCycle } from '../../../../common/pricing.ts';
import { buyerTin, tinDisagreement, tinOfTrn } from '../../../../common/einvoicing-readiness.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { readFreeze, refuseWhenFrozen } from '../../lib/aml-freeze.ts';
import { writeAudit } from '../../lib/audit.ts';
import { forbidden, HttpError, invalidInput, notFound } from '../../lib/http-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { clientPermissions, isVisibleTo } from './access.ts';
import { refreshNextDeadline } from './deadline-store.ts';
import { notifyTeamChanged } from './notify.ts';
import { lockClient } from './client-write.ts';
import { assignList, selectList } from '../../lib/table.ts';
import { clientsTable, PROFILE_FIELDS, type ClientColumn, type ClientColumns, type ProfileField } from './table.ts';
import { currentSubscription } from './subscription-store.ts';
import { may, rolesThat, type Capability } from '../../../../common/access.ts';
import { personJson } from '../../lib/person-sql.ts';

type Caller = Pick<CurrentUser, 'id' | 'role'>;

/** The fields the compliance calendar is computed from. */
const DEADLINE_FIELDS: readonly ProfileField[] = ['licence_expires_on', 'vat_registered', 'vat_period', 'vat_first_period_end_month', 'financial_year_end_month'];

/** The columns a client's page reads, and its registration's ids. */
const ROW_FIELDS = [
  'id',
  'version',
  'status',
  ...PROFILE_FIELDS,
  'activated_at',
  'user_id',
  'bookkeeper_id',
  'reviewer_id',
  'next_deadline_on',
  'next_deadline_key',
  'next_deadline_title',
] as const satisfies readonly ClientColumn[];

type ClientRow = Pick<ClientColumns, (typeof ROW_FIELDS)[number]> & { registration_user_id: number | null; registration_code: string | null; recorded_tin: string | null };

// The TIN recorded for its e-invoices (client_einvoicing, one row per client): the profile takes it beside the TRN.
const CLIENT_COLUMNS = `${selectList(clientsTable, 'c', ROW_FIELDS)}, r.user_id AS registration_user_id, r.registration_id AS registration_code, ce.tin AS recorded_tin`;

async function findClient(db: Queryable, clientId: number): Promise<ClientRow | undefined> {
  const [row] = await db.query<ClientRow>(
    `SELECT ${CLIENT_COLUMNS} FROM clients c LEFT JOIN registrations r ON r.id = c.registration_id LEFT JOIN client_einvoicing ce ON ce.client_id = c.id WHERE c.id = $1`,
    [clientId],
  );
  return row;
}

async function people(db: Queryable, ids: readonly (number | null)[]): Promise<Map<number, PersonRef>> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db.query<PersonRef>('SELECT id, display_name, email FROM users WHERE id = ANY($1::integer[])', [wanted]);
  return new Map(rows.map((row) => [row.id, row]));
}

export function nextDeadlineOf(row: { next_deadline_on: string | null; next_deadline_key: string | null; next_deadline_title: string | null }, today: string): NextDeadline | null {
  if (!row.next_deadline_on || !row.next_deadline_key || !row.next_deadline_title) return null;
  const kind = row.next_deadline_key.slice(0, row.next_deadline_key.indexOf(':')) as NextDeadline['kind'];
  return { key: row.next_deadline_key, kind, title: row.next_deadline_title, due_on: row.next_deadline_on, days_left: daysBetween(today, row.next_deadline_on) };
}

export async function readClient(db: Queryable, user: Caller, clientId: number, today = dubaiDate()): Promise<ClientDetail> {
  const row = await findClient(db, clientId);
  if (!row || !isVisibleTo(user, row)) throw notFound('Client');
  const persons = await people(db, [row.bookkeeper_id, row.reviewer_id, row.user_id]);
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>("SELECT count(*)::integer AS count FROM client_document_requests WHERE client_id = $1 AND status = 'open'", [row.id]);
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    legal_name: row.legal_name,
    trade_licence_number: row.trade_licence_number,
    licensing_authority: row.licensing_authority,
    legal_form: row.legal_form,
    licence_expires_on: row.licence_expires_on,
    licence_days_left: daysBetween(today, row.licence_expires_on),
    vat_registered: row.vat_registered,
    trn: row.trn,
    tin: buyerTin(row.recorded_tin, row.vat_registered ? row.trn : null),
    vat_period: row.vat_period,
    vat_first_period_end_month: row.vat_first_period_end_month,
    corporate_tax_number: row.corporate_tax_number,
    financial_year_end_month: row.financial_year_end_month,
    email: row.email,
    phone: row.phone,
    address: row.address,
    activated_at: row.activated_at.toISOString(),
    registration: row.registration_user_id !== null && row.registration_code !== null ? { user_id: row.registration_user_id, registration_id: row.registration_code } : null,
    contacts: row.user_id !== null && persons.has(row.user_id) ? [persons.get(row.user_id)!] : [],
    bookkeeper: row.bookkeeper_id === null ? null : (persons.get(row.bookkeeper_id) ?? null),
    reviewer: row.reviewer_id === null ? null : (persons.get(row.reviewer_id) ?? null),
    subscription: await currentSubscription(db, row.id),
    next_deadline: nextDeadlineOf(row, today),
    open_document_requests: count,
    can: clientPermissions(user, row),
    frozen: await readFreeze(db, { clientId: row.id }),
  };
}

/** Staff a client may be given to: active bookkeepers and active reviewers, by name. */
export async function teamChoices(db: Queryable): Promise<TeamChoices> {
  const rows = await db.query<PersonRef & { role: string }>(
    'SELECT id, display_name, email, role FROM users WHERE role = ANY($1::text[]) AND active ORDER BY lower(coalesce(display_name, email)), id',
    [[...rolesThat('keep-client-books'), ...rolesThat('review-client-books')]],
  );
  const pick = (capability: Capability) => rows.filter((row) => may(row.role, capability)).map(({ id, display_name, email }) => ({ id, display_name, email }));
  return { bookkeepers: pick('keep-client-books'), reviewers: pick('review-client-books') };
}

async function requireTeamMember(db: Queryable, field: 'bookkeeper_id' | 'reviewer_id', id: number): Promise<void> {
  const bookkeeper = field === 'bookkeeper_id';
  const [row] = await db.query<{ id: number }>('SELECT id FROM users WHERE id = $1 AND role = ANY($2::text[]) AND active', [id, rolesThat(bookkeeper ? 'keep-client-books' : 'review-client-books')]);
  if (!row) throw invalidInput(field, `must be an active ${bookkeeper ? 'bookkeeper' : 'reviewer'}`);
}

type Profile = Pick<ClientRow, ProfileField>;

/** What a PATCH writes: the profile and the team, each as it is after the change. */
const UPDATE_FIELDS = [...PROFILE_FIELDS, 'bookkeeper_id', 'reviewer_id'] as const satisfies readonly ClientColumn[];
const UPDATE_ASSIGNMENTS = assignList(UPDATE_FIELDS, 2);

/**
 * The TIN recorded after a profile change: the one given, else the one recorded. With a TRN the law makes the
 * TIN its first 10 digits: a given TIN that is not is refused naming the TRN, and a recorded one a new TRN
 * no longer agrees with follows the TRN.
 */
function nextTin(given: string | null | undefined, recorded: string | null, trn: string | null): string | null {
  const tin = given !== undefined ? given : recorded;
  const disagreement = tinDisagreement(tin, trn);
  if (!disagreement) return tin;
  if (given !== undefined) throw invalidInput('tin', disagreement);
  return tinOfTrn(trn!);
}

/** Trims text fields and refuses blank ones, so a PATCH cannot store '   ' where a name belongs. */
function cleanedChanges(body: UpdateClientBody): Partial<Profile> {
  const changes: Partial<Record<ProfileField, unknown>> = {};
  for (const field of PROFILE_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed === '') throw invalidInput(field, 'must not be blank');
      changes[field] = field === 'email' ? trimmed.toLowerCase() : trimmed;
    } else changes[field] = value;
  }
  return changes as Partial<Profile>;
}

/**
 * PATCH clients/{id}: profile fields (ADMIN and the client's bookkeeper) and the team (ADMIN), with the
 * version the user saw. Only what changed is written, as one version bump; a profile change and a team
 * change are separate timeline events; the compliance calendar follows the profile.
 */
export function updateClient(db: Database, user: Caller, clientId: number, body: UpdateClientBody, context: ActionContext): Promise<ClientDetail> {
  const requested = cleanedChanges(body);
  return writeRecord(db, {
    entity: 'client',
    context,
    version: body.version,
    conflictMessage: CLIENT_CONFLICT_MESSAGE,
    lock: async (tx) => {
      await lockClient(tx, user, clientId);
      return (await findClient(tx, clientId))!;
    },
    act: async (tx, row) => {
      const profileChanges = Object.fromEntries(Object.entries(requested).filter(([field, value]) => row[field as ProfileField] !== value)) as Partial<Profile>;
      const team: { bookkeeper_id?: number | null; reviewer_id?: number | null } = {};
      if (body.bookkeeper_id !== undefined && body.bookkeeper_id !== row.bookkeeper_id) team.bookkeeper_id = body.bookkeeper_id;
      if (body.reviewer_id !== undefined && body.reviewer_id !== row.reviewer_id) team.reviewer_id = body.reviewer_id;
      if (Object.keys(team).length > 0 && !clientPermissions(user, row).reassign) throw forbidden("Only an administrator may change a client's bookkeeper or reviewer.");
      const next = { ...row, ...profileChanges, ...team };
      const tin = nextTin(body.tin, row.recorded_tin, next.vat_registered ? next.trn : null);
      const tinChanged = tin !== row.recorded_tin;
      if (Object.keys(profileChanges).length === 0 && Object.keys(team).length === 0 && !tinChanged) return;
      // Who on staff handles a frozen client may change; its profile may not.
      if (Object.keys(profileChanges).length > 0 || tinChanged) await refuseWhenFrozen(tx, { clientId: row.id });

      if (profileChanges.licence_expires_on !== undefined && inThePast(profileChanges.licence_expires_on, dubaiDate())) throw new HttpError(400, 'INVALID_INPUT', `Licence expiry ${DATE_RULES.licenceExpiry.refusal}.`, 'licence_expires_on');
      if (next.vat_registered && !next.trn) throw invalidInput('trn', 'is required for a VAT-registered client');
      if (next.vat_registered && !next.vat_period) throw invalidInput('vat_period', 'is required for a VAT-registered client');
      if (team.bookkeeper_id) await requireTeamMember(tx, 'bookkeeper_id', team.bookkeeper_id);
      if (team.reviewer_id) await requireTeamMember(tx, 'reviewer_id', team.reviewer_id);

      const version = row.version + 1;
      await tx.query(`UPDATE clients SET ${UPDATE_ASSIGNMENTS}, version = $${UPDATE_FIELDS.length + 2} WHERE id = $1`, [
        row.id,
        ...UPDATE_FIELDS.map((field) => next[field]),
        version,
      ]);
      if (tinChanged) {
        await tx.query('INSERT INTO client_einvoicing (client_id, tin) VALUES ($1, $2) ON CONFLICT (client_id) DO UPDATE SET tin = $2, version = client_einvoicing.version + 1', [row.id, tin]);
      }
      // One request, one idempotency key: it goes on the first event it writes.
      let key = context.idempotencyKey;
      const changedFields = Object.keys(profileChanges) as ProfileField[];
      if (changedFields.length > 0 || tinChanged) {
        await writeAudit(tx, {
          entity: 'client',
          entityId: row.id,
          kind: 'profile_updated',
          actorId: context.actorId,
          data: { fields: tinChanged ? [...changedFields, 'tin'] : changedFields },
          before: { ...Object.fromEntries(changedFields.map((field) => [field, row[field]])), ...(tinChanged ? { tin: row.recorded_tin } : {}), version: row.version },
          after: { ...profileChanges, ...(tinChanged ? { tin } : {}), version },
          idempotencyKey: key,
        });
        key = null;
        if (changedFields.some((field) => DEADLINE_FIELDS.includes(field))) await refreshNextDeadline(tx, row.id);
      }
      if (Object.keys(team).length > 0) {
        const persons = await people(tx, [row.bookkeeper_id, row.reviewer_id, team.bookkeeper_id ?? null, team.reviewer_id ?? null]);
        const ref = (id: number | null | undefined) => (id ? (persons.get(id) ?? null) : null);
        const data: Record<string, unknown> = {};
        if ('bookkeeper_id' in team) data.bookkeeper = { from: ref(row.bookkeeper_id), to: ref(team.bookkeeper_id) };
        if ('reviewer_id' in team) data.reviewer = { from: ref(row.reviewer_id), to: ref(team.reviewer_id) };
        await writeAudit(tx, {
          entity: 'client',
          entityId: row.id,
          kind: 'team_changed',
          actorId: context.actorId,
          data,
          before: { bookkeeper_id: row.bookkeeper_id, reviewer_id: row.reviewer_id, version: row.version },
          after: { bookkeeper_id: next.bookkeeper_id, reviewer_id: next.reviewer_id, version },
          idempotencyKey: key,
        });
        await notifyTeamChanged(tx, row, { bookkeeperId: team.bookkeeper_id ?? null, reviewerId: team.reviewer_id ?? null }, context.actorId);
      }
    },
    read: (tx) => readClient(tx, user, clientId),
  });
}

// ------------------------------------------------------------------------------------------------ timeline

const cycleLabel = (cycle: unknown) => (typeof cycle === 'string' && cycle in CYCLE_TERMS ? CYCLE_TERMS[cycle as BillingCycle].label.toLowerCase() : String(cycle));
const personName = (value: unknown) => {
  const person = value as PersonRef | null | undefined;
  return person ? (person.display_name ?? person.email) : 'nobody';
};
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const month = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}$/.test(value) ? monthLabel(value) : text(value));
const date = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatIsoDate(value) : text(value));
const money = (value: unknown) => (typeof value === 'number' ? formatFils(value) : '');
const documentKind = (value: unknown) => CLIENT_DOCUMENT_KIND_LABELS[value as ClientDocumentKind] ?? text(value);
const version = (data: Record<string, unknown>) => (typeof data.revision === 'number' && data.revision > 1 ? ` (version ${data.revision})` : '');

/** The sentence a timeline shows for an event, from what its action recorded. */
export function summarise(kind: ClientEventKind, data: Record<string, unknown>): string {
  switch (kind) {
    case 'client_activated':
      return 'Became a client';
    case 'profile_updated':
      return `Profile updated: ${(Array.isArray(data.fields) ? data.fields : []).map((field) => String(field).replace(/_/g, ' ')).join(', ')}`;
    case 'team_changed':
      return [
        data.bookkeeper ? `Bookkeeper: ${personName((data.bookkeeper as { from: unknown }).from)} to ${personName((data.bookkeeper as { to: unknown }).to)}` : null,
        data.reviewer ? `Reviewer: ${personName((data.reviewer as { from: unknown }).from)} to ${personName((data.reviewer as { to: unknown }).to)}` : null,
      ]
        .filter(Boolean)
        .join('; ');
    case 'subscription_started':
      return `Subscription started: ${text(data.plan)}, ${cycleLabel(data.cycle)}, ${money(data.total_fils)} a cycle incl. VAT, from ${date(data.starts_on)}`;
    case 'plan_change_scheduled':
      return `Change to ${text(data.plan)}, ${cycleLabel(data.cycle)} (${money(data.total_fils)} incl. VAT) scheduled from ${date(data.effective_on)}`;
    case 'plan_change_withdrawn':
      return 'Scheduled plan change withdrawn';
    case 'subscription_renewed':
      return data.changed ? `Renewed on ${date(data.renewed_on)} as ${text(data.plan)}, ${cycleLabel(data.cycle)}` : `Renewed on ${date(data.renewed_on)} until ${date(data.next_renewal_on)}`;
    case 'subscription_paused':
      return 'Subscription paused';
    case 'subscription_resumed':
      return `Subscription resumed; next renewal ${date(data.next_renewal_on)}`;
    case 'subscription_cancelled':
      return `Subscription cancelled: ${text(data.reason_label)}${text(data.note) ? ` (${text(data.note)})` : ''}`;
    case 'client_document_uploaded':
      return `Uploaded ${documentKind(data.kind)} (${text(data.file_name)})${data.request_id ? ', as requested' : ''}`;
    case 'document_requested':
      return `Requested ${documentKind(data.kind)}: ${text(data.note)}`;
    case 'document_request_cancelled':
      return `Withdrew the request for ${documentKind(data.kind)}`;
    case 'report_created':
      return `${month(data.month)} report started${version(data)}`;
    case 'report_file_uploaded':
      return `PDF of the ${month(data.month)} report uploaded (${text(data.file_name)})`;
    case 'report_updated':
      return `Summary of the ${month(data.month)} report edited`;
    case 'report_submitted':
      return `${month(data.month)} report submitted for review${version(data)}`;
    case 'report_approved':
      return `${month(data.month)} report approved${version(data)}`;
    case 'report_returned':
      return `${month(data.month)} report returned: ${text(data.reason)}`;
    case 'report_published':
      return `${month(data.month)} report published to the client${version(data)}`;
    case 'report_superseded':
      return `${month(data.month)} report version ${String(data.revision)} superseded by version ${String(data.by_revision)}`;
    case 'insights_updated':
      return `Figures for ${month(data.month)} saved`;
    case 'insights_imported':
      return `Figures imported from a CSV file for ${String(data.count)} month${data.count === 1 ? '' : 's'} (${month(data.from)} to ${month(data.to)})`;
    case 'deadline_filed':
      return `${text(data.title)} filed (reference ${text(data.reference)})`;
  }
}

/** Every event of the client, newest first; `group` keeps one kind of news (the timeline's filter). */
export async function readTimeline(db: Queryable, user: Caller, clientId: number, group?: ClientTimelineGroup): Promise<ClientTimelineEvent[]> {
  const row = await findClient(db, clientId);
  if (!row || !isVisibleTo(user, row)) throw notFound('Client');
  const kinds = group ? CLIENT_EVENT_KINDS.filter((kind) => CLIENT_EVENT_GROUPS[kind] === group) : [...CLIENT_EVENT_KINDS];
  const rows = await db.query<{ id: number; entity: ClientTimelineEvent['entity']; kind: ClientEventKind; data: Record<string, unknown>; created_at: Date; actor: PersonRef | null }>(
    `SELECT e.id, e.entity, e.kind, e.data, e.created_at, ${personJson('a')} AS actor
     FROM audit_events e LEFT JOIN users a ON a.id = e.actor_id
     WHERE ((e.entity = 'client' AND e.entity_id = $1)
        OR (e.entity = 'subscription' AND e.entity_id IN (SELECT id FROM subscriptions WHERE client_id = $1))
        OR (e.entity = 'monthly_report' AND e.entity_id IN (SELECT id FROM monthly_reports WHERE client_id = $1)))
       AND e.kind = ANY($2::text[])
     ORDER BY e.created_at DESC, e.id DESC LIMIT 1000`,
    [clientId, kinds],
  );
  return rows.map((event) => ({
    id: event.id,
    kind: event.kind,
    entity: event.entity,
    group: CLIENT_EVENT_GROUPS[event.kind],
    summary: summarise(event.kind, event.data),
    actor: event.actor,
    created_at: event.created_at.toISOString(),
    data: event.data,
  }));
}
