/**
 * A client's subscription: its reads, and its actions (change plan or cycle from the next renewal, pause,
 * resume, cancel, start a new one) as versioned writes with their audit events. The client's status mirrors
 * the subscription in force. Renewals (the scheduler) apply a scheduled change and move the cycle on.
 */
import { addDays, addMonths, daysBetween, dubaiDate } from '../../../../common/calendar.ts';
import { CANCEL_REASON_LABELS, SUBSCRIPTION_CONFLICT_MESSAGE } from '../../../../common/clients.ts';
import type { CancelSubscriptionBody, ChangeSubscriptionBody, NewSubscriptionBody, PlanRef, Subscription, SubscriptionQuery } from '../../../../common/contract/clients.ts';
import type { ClientEventKind } from '../../../../common/events.ts';
import { CYCLE_TERMS, cyclePrice } from '../../../../common/pricing.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { refuseWhenFrozen } from '../../lib/aml-freeze.ts';
import { createdWithKey, writeAudit } from '../../lib/audit.ts';
import { conflict, invalidInput, notFound } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { findActivePlan } from '../plans/index.ts';
import { addClientVisibility, isVisibleTo, requireEditor, type ClientTeam } from './access.ts';
import { createSubscription } from './store.ts';
import { assignList, selectList } from '../../lib/table.ts';
import { ACTION_FIELDS, RENEWAL_FIELDS, SUBSCRIPTION_ROW_FIELDS, subscriptionsTable, type SubscriptionColumns } from './subscription-table.ts';

type Caller = Pick<CurrentUser, 'id' | 'role'>;

/** A subscription as stored, its plans as joined, and the client's team (who may see and act on it). */
type SubscriptionRow = Pick<SubscriptionColumns, (typeof SUBSCRIPTION_ROW_FIELDS)[number]> &
  ClientTeam & {
    plan_code: string;
    plan_name: string;
    plan_price: number;
    scheduled_code: string | null;
    scheduled_name: string | null;
    scheduled_price: number | null;
  };

const COLUMNS = `${selectList(subscriptionsTable, 's', SUBSCRIPTION_ROW_FIELDS)},
  p.code AS plan_code, p.name AS plan_name, p.monthly_price_fils AS plan_price,
  sp.code AS scheduled_code, sp.name AS scheduled_name, sp.monthly_price_fils AS scheduled_price, c.bookkeeper_id, c.reviewer_id`;

const FROM = 'FROM subscriptions s JOIN clients c ON c.id = s.client_id JOIN plans p ON p.id = s.plan_id LEFT JOIN plans sp ON sp.id = s.scheduled_plan_id';

function toSubscription(row: SubscriptionRow): Subscription {
  const plan: PlanRef = { id: row.plan_id, code: row.plan_code, name: row.plan_name, monthly_price_fils: row.plan_price };
  let scheduled: Subscription['scheduled'] = null;
  if (row.scheduled_plan_id !== null && row.scheduled_cycle !== null) {
    const price = cyclePrice(row.scheduled_price!, row.scheduled_cycle, row.discount_bp);
    scheduled = {
      plan: { id: row.scheduled_plan_id, code: row.scheduled_code!, name: row.scheduled_name!, monthly_price_fils: row.scheduled_price! },
      cycle: row.scheduled_cycle,
      effective_on: row.next_renewal_on,
      price: { net_fils: price.net_fils, vat_fils: price.vat_fils, total_fils: price.total_fils },
    };
  }
  return {
    id: row.id,
    client_id: row.client_id,
    version: row.version,
    status: row.status,
    plan,
    cycle: row.cycle,
    discount_bp: row.discount_bp,
    discount_note: row.discount_note,
    price: { net_fils: row.net_fils, vat_fils: row.vat_fils, total_fils: row.total_fils },
    starts_on: row.starts_on,
    next_renewal_on: row.next_renewal_on,
    paused_on: row.paused_on,
    cancelled_on: row.cancelled_on,
    cancel_reason: row.cancel_reason,
    cancel_note: row.cancel_note,
    scheduled,
    created_at: row.created_at.toISOString(),
  };
}

async function findRow(db: Queryable, subscriptionId: number, lock = false): Promise<SubscriptionRow | undefined> {
  const [row] = await db.query<SubscriptionRow>(`SELECT ${COLUMNS} ${FROM} WHERE s.id = $1${lock ? ' FOR UPDATE OF s' : ''}`, [subscriptionId]);
  return row;
}

/** The subscription in force (or, for a cancelled client, the last one); null when the client never had one. */
export async function currentSubscription(db: Queryable, clientId: number): Promise<Subscription | null> {
  const [row] = await db.query<SubscriptionRow>(`SELECT ${COLUMNS} ${FROM} WHERE s.client_id = $1 ORDER BY (s.status <> 'cancelled') DESC, s.id DESC LIMIT 1`, [clientId]);
  return row ? toSubscription(row) : null;
}

export async function readSubscription(db: Queryable, user: Caller, subscriptionId: number): Promise<Subscription> {
  const row = await findRow(db, subscriptionId);
  if (!row) throw notFound('Subscription');
  if (!isVisibleTo(user, row)) throw notFound('Subscription');
  return toSubscription(row);
}

export async function listSubscriptions(db: Queryable, user: Caller, query: SubscriptionQuery, window: PageWindow): Promise<{ count: number; results: Subscription[] }> {
  const filter = new SqlFilter();
  addClientVisibility(filter, user, 'c');
  if (query.client !== undefined) filter.add((p) => `s.client_id = ${p}`, query.client);
  if (query.status) filter.add((p) => `s.status = ${p}`, query.status);
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM subscriptions s JOIN clients c ON c.id = s.client_id ${filter.where}`, filter.params);
  const rows = await db.query<SubscriptionRow>(`SELECT ${COLUMNS} ${FROM} ${filter.where} ORDER BY s.id DESC LIMIT ${window.size} OFFSET ${window.offset}`, filter.params);
  return { count, results: rows.map(toSubscription) };
}

// -------------------------------------------------------------------------------------------- actions

type Snapshot = Pick<SubscriptionRow, 'status' | 'plan_id' | 'cycle' | 'scheduled_plan_id' | 'scheduled_cycle' | 'next_renewal_on' | 'version'>;
const snapshot = (row: Snapshot): Snapshot => ({
  status: row.status,
  plan_id: row.plan_id,
  cycle: row.cycle,
  scheduled_plan_id: row.scheduled_plan_id,
  scheduled_cycle: row.scheduled_cycle,
  next_renewal_on: row.next_renewal_on,
  version: row.version,
});

function subscriptionAction(db: Database, user: Caller, subscriptionId: number, context: ActionContext, version: number, act: (tx: Queryable, row: SubscriptionRow) => Promise<void>) {
  return writeRecord(db, {
    entity: 'subscription',
    context,
    version,
    conflictMessage: SUBSCRIPTION_CONFLICT_MESSAGE,
    lock: async (tx) => {
      const row = await findRow(tx, subscriptionId, true);
      if (!row || !isVisibleTo(user, row)) throw notFound('Subscription');
      requireEditor(user, row);
      return row;
    },
    frozenClient: (row) => row.client_id,
    act,
    read: async (tx, row) => toSubscription((await findRow(tx, row.id))!),
  });
}

const ACTION_WRITES = [...ACTION_FIELDS, 'version'] as const;
const ACTION_ASSIGNMENTS = assignList(ACTION_WRITES, 2);
const RENEWAL_ASSIGNMENTS = assignList(RENEWAL_FIELDS, 2);

/** Writes the subscription's new state (bumping its version) and its audit event; the client's status follows. */
async function update(
  tx: Queryable,
  row: SubscriptionRow,
  kind: ClientEventKind,
  actorId: number | null,
  idempotencyKey: string | null,
  changes: Partial<Pick<SubscriptionColumns, (typeof ACTION_FIELDS)[number]>>,
  data: Record<string, unknown>,
): Promise<void> {
  const next = { ...row, ...changes, version: row.version + 1 };
  await tx.query(`UPDATE subscriptions SET ${ACTION_ASSIGNMENTS} WHERE id = $1`, [row.id, ...ACTION_WRITES.map((field) => next[field])]);
  if (next.status !== row.status) await tx.query('UPDATE clients SET status = $2 WHERE id = $1', [row.client_id, next.status]);
  await writeAudit(tx, { entity: 'subscription', entityId: row.id, kind, actorId, data: { client_id: row.client_id, ...data }, before: snapshot(row), after: snapshot(next), idempotencyKey });
}

/** Schedules a plan or cycle change for the next renewal; asking for the current plan and cycle withdraws a scheduled one. */
export function changeSubscription(db: Database, user: Caller, subscriptionId: number, body: ChangeSubscriptionBody, context: ActionContext): Promise<Subscription> {
  return subscriptionAction(db, user, subscriptionId, context, body.version, async (tx, row) => {
    if (row.status === 'cancelled') throw conflict('A cancelled subscription cannot be changed. Start a new one instead.');
    if (body.plan_id === row.plan_id && body.cycle === row.cycle) {
      if (row.scheduled_plan_id === null) throw invalidInput('plan_id', 'is already the current plan and cycle: choose another plan or cycle to schedule a change');
      await update(tx, row, 'plan_change_withdrawn', context.actorId, context.idempotencyKey, { scheduled_plan_id: null, scheduled_cycle: null }, {
        withdrawn: { plan: row.scheduled_name, cycle: row.scheduled_cycle },
      });
      return;
    }
    const plan = await findActivePlan(tx, body.plan_id);
    if (!plan) throw invalidInput('plan_id', 'must be a plan that is still offered');
    const price = cyclePrice(plan.monthly_price_fils, body.cycle, row.discount_bp);
    await update(tx, row, 'plan_change_scheduled', context.actorId, context.idempotencyKey, { scheduled_plan_id: plan.id, scheduled_cycle: body.cycle }, {
      plan: plan.name,
      cycle: body.cycle,
      effective_on: row.next_renewal_on,
      total_fils: price.total_fils,
    });
  });
}

export function pauseSubscription(db: Database, user: Caller, subscriptionId: number, version: number, context: ActionContext, today = dubaiDate()): Promise<Subscription> {
  return subscriptionAction(db, user, subscriptionId, context, version, async (tx, row) => {
    if (row.status !== 'active') throw conflict(`Only an active subscription can be paused; this one is ${row.status}.`);
    await update(tx, row, 'subscription_paused', context.actorId, context.idempotencyKey, { status: 'paused', paused_on: today }, { paused_on: today });
  });
}

/** Resuming moves the next renewal on by the days paused: the client is not charged for the pause. */
export function resumeSubscription(db: Database, user: Caller, subscriptionId: number, version: number, context: ActionContext, today = dubaiDate()): Promise<Subscription> {
  return subscriptionAction(db, user, subscriptionId, context, version, async (tx, row) => {
    if (row.status !== 'paused') throw conflict(`Only a paused subscription can be resumed; this one is ${row.status}.`);
    const pausedDays = Math.max(0, daysBetween(row.paused_on ?? today, today));
    const renewal = addDays(row.next_renewal_on, pausedDays);
    await update(tx, row, 'subscription_resumed', context.actorId, context.idempotencyKey, { status: 'active', paused_on: null, next_renewal_on: renewal }, {
      paused_days: pausedDays,
      next_renewal_on: renewal,
    });
  });
}

export function cancelSubscription(db: Database, user: Caller, subscriptionId: number, body: CancelSubscriptionBody, context: ActionContext, today = dubaiDate()): Promise<Subscription> {
  const note = body.note.trim();
  if (body.reason === 'other' && note === '') return Promise.reject(invalidInput('note', "must say why when the reason is 'Other'"));
  return subscriptionAction(db, user, subscriptionId, context, body.version, async (tx, row) => {
    if (row.status === 'cancelled') throw conflict('This subscription is already cancelled.');
    await update(
      tx,
      row,
      'subscription_cancelled',
      context.actorId,
      context.idempotencyKey,
      { status: 'cancelled', cancelled_on: today, cancel_reason: body.reason, cancel_note: note || null, scheduled_plan_id: null, scheduled_cycle: null, paused_on: null },
      { reason: body.reason, reason_label: CANCEL_REASON_LABELS[body.reason], note },
    );
  });
}

/** A new subscription for a client with none in force (a cancelled client signing up again). */
export async function startSubscription(db: Database, user: Caller, body: NewSubscriptionBody, context: ActionContext): Promise<Subscription> {
  return db.transaction(async (tx) => {
    // Taken before the client's row: a retry answers the subscription its first request started, not 409 'in force'.
    const started = await createdWithKey(tx, 'subscription', 'subscription_started', context.actorId, context.idempotencyKey);
    const [client] = await tx.query<ClientTeam & { id: number }>('SELECT id, bookkeeper_id, reviewer_id FROM clients WHERE id = $1 FOR UPDATE', [body.client_id]);
    if (!client || !isVisibleTo(user, client)) throw notFound('Client');
    requireEditor(user, client);
    if (started !== null) return toSubscription((await findRow(tx, started))!);
    await refuseWhenFrozen(tx, { clientId: client.id });
    const [inForce] = await tx.query<{ id: number }>("SELECT id FROM subscriptions WHERE client_id = $1 AND status <> 'cancelled'", [client.id]);
    if (inForce) throw conflict('This client already has a subscription in force: change, pause or cancel that one.');
    const plan = await findActivePlan(tx, body.plan_id);
    if (!plan) throw invalidInput('plan_id', 'must be a plan that is still offered');
    const id = await createSubscription(tx, {
      clientId: client.id,
      planId: plan.id,
      cycle: body.cycle,
      discountBp: body.discount_bp ?? 0,
      startsOn: body.starts_on,
      startedBy: context.actorId,
      idempotencyKey: context.idempotencyKey,
    });
    return toSubscription((await findRow(tx, id))!);
  });
}

// -------------------------------------------------------------------------------------------- renewals

/**
 * Renews every active subscription whose next renewal has come (by the Dubai date of `now`): a scheduled
 * change takes effect (priced from the plan's current price with the subscription's own discount), the cycle
 * moves on from the renewal date, and the event is written. Rows are claimed with SKIP LOCKED, so replicas
 * running this at once renew each subscription once. Answers how many renewals were made.
 */
export async function renewDueSubscriptions(db: Database, now = new Date()): Promise<number> {
  const today = dubaiDate(now);
  let renewed = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx.query<{ id: number }>(
        "SELECT id FROM subscriptions WHERE status = 'active' AND next_renewal_on <= $1::date ORDER BY next_renewal_on, id LIMIT 50 FOR UPDATE SKIP LOCKED",
        [today],
      );
      for (const { id } of due) {
        const row = (await findRow(tx, id))!;
        let plan = { id: row.plan_id, name: row.plan_name };
        let cycle = row.cycle;
        let price = { net_fils: row.net_fils, vat_fils: row.vat_fils, total_fils: row.total_fils };
        const changed = row.scheduled_plan_id !== null && row.scheduled_cycle !== null;
        if (changed) {
          plan = { id: row.scheduled_plan_id!, name: row.scheduled_name! };
          cycle = row.scheduled_cycle!;
          price = cyclePrice(row.scheduled_price!, cycle, row.discount_bp);
        }
        let startsOn = row.next_renewal_on;
        let next = addMonths(startsOn, CYCLE_TERMS[cycle].months);
        // A subscription left unrenewed for several cycles (the service was down) catches up to today.
        while (next <= today) {
          startsOn = next;
          next = addMonths(next, CYCLE_TERMS[cycle].months);
        }
        const renewal: Pick<SubscriptionColumns, (typeof RENEWAL_FIELDS)[number]> = {
          plan_id: plan.id,
          cycle,
          net_fils: price.net_fils,
          vat_fils: price.vat_fils,
          total_fils: price.total_fils,
          starts_on: startsOn,
          next_renewal_on: next,
        };
        await tx.query(
          `UPDATE subscriptions SET ${RENEWAL_ASSIGNMENTS}, scheduled_plan_id = NULL, scheduled_cycle = NULL, version = version + 1 WHERE id = $1`,
          [row.id, ...RENEWAL_FIELDS.map((field) => renewal[field])],
        );
        await writeAudit(tx, {
          entity: 'subscription',
          entityId: row.id,
          kind: 'subscription_renewed',
          actorId: null,
          data: { client_id: row.client_id, renewed_on: startsOn, next_renewal_on: next, plan: plan.name, cycle, total_fils: price.total_fils, changed },
          before: snapshot(row),
          after: snapshot({ ...row, plan_id: plan.id, cycle, scheduled_plan_id: null, scheduled_cycle: null, next_renewal_on: next, version: row.version + 1 }),
        });
      }
      return due.length;
    });
    renewed += batch;
    if (batch < 50) return renewed;
  }
}
