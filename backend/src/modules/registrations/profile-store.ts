/**
 * The Registration page's actions (common/pipeline.ts rows remind, verify_profile, withdraw, reinstate):
 * reminders to the client (one per registration per 24 h, singly or in bulk with a result per row),
 * verifying the company profile against the reviewer's checks (a failing check needs an override reason,
 * which the timeline keeps), withdrawing with a reason and reinstating.
 */
import type { BulkRemindBody, BulkRemindResult, PaymentMention, RegistrationReview, VerifyProfileBody, WithdrawBody } from '../../../../common/contract/registrations.ts';
import { formatDubaiDateTime, formatDubaiDay } from '../../../../common/dubai-time.ts';
import { formatFils } from '../../../../common/money.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import { PAID_WITHDRAWAL_REFUSED, PAYMENT_METHOD_LABELS, phaseOf, type PaymentFate } from '../../../../common/pipeline.ts';
import { failedChecks, profileChecks } from '../../../../common/profile-checks.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { HttpError, conflict, forbidden, invalidInput } from '../../lib/http-error.ts';
import { paymentOf } from './records.ts';
import { nextReminderAt, profileOf, readReview } from './review-read.ts';
import { staffWrite } from './staff-write.ts';
import { applyTransition, pipelineWrite, type Actor, type RegistrationRow } from './transition.ts';
import { may } from '../../../../common/access.ts';

/** Sends the client a reminder unless one went out in the last 24 h (409 saying when the next may go). */
function sendReminder<Result>(db: Database, userId: number, actor: Actor, read: (tx: Queryable, row: RegistrationRow) => Promise<Result>): Promise<Result> {
  return pipelineWrite(db, {
    action: 'remind',
    userId,
    actor,
    version: null,
    act: async (tx, registration) => {
      const now = new Date();
      const next = nextReminderAt(registration.last_reminded_at, now.getTime());
      if (next && registration.last_reminded_at) {
        throw conflict(
          `A reminder was sent on ${formatDubaiDateTime(registration.last_reminded_at)}; the next one can be sent after ${formatDubaiDateTime(next)} (Dubai time).`,
        );
      }
      const phase = phaseOf(registration);
      await applyTransition(tx, registration, { action: 'remind', actor, keepVersion: true, data: { phase }, changes: { last_reminded_at: now }, notify: { phase } });
    },
    read,
  });
}

export function remind(db: Database, userId: number, actor: Actor): Promise<RegistrationReview> {
  return sendReminder(db, userId, actor, (tx) => readReview(tx, userId));
}

/**
 * The same reminder to each registration, each in its own transaction, so one refused row (too soon, nothing
 * for the client to do, unknown) does not stop the others. A retried request with the same Idempotency-Key
 * replays each row (the key is made per row), so no client is reminded twice.
 */
export async function remindMany(db: Database, body: BulkRemindBody, actor: Actor): Promise<BulkRemindResult> {
  const results: BulkRemindResult['results'] = [];
  for (const userId of body.user_ids) {
    const rowActor = { ...actor, idempotencyKey: actor.idempotencyKey === null ? null : `${actor.idempotencyKey}:${userId}` };
    try {
      const sent = await sendReminder(db, userId, rowActor, async (tx, row) => {
        const [after] = await tx.query<{ last_reminded_at: Date | null }>('SELECT last_reminded_at FROM registrations WHERE id = $1', [row.id]);
        return after?.last_reminded_at ?? null;
      });
      results.push({ id: userId, status: 200, message: 'Reminder sent.', last_reminded_at: sent?.toISOString() ?? null });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push({ id: userId, status: error.statusCode, message: error.message, last_reminded_at: null });
    }
  }
  return { results };
}

/**
 * Verifies the company profile: the checks run on today's Dubai date; a failing one blocks unless the user
 * gives an override reason. The event keeps the checks as they were and the reason.
 */
export function verifyProfile(db: Database, userId: number, body: VerifyProfileBody, actor: Actor): Promise<RegistrationReview> {
  const override = body.override_reason?.trim() ?? '';
  return staffWrite(db, 'verify_profile', userId, actor, body.version, async (tx, registration) => {
    const checks = profileChecks(await profileOf(tx, registration.id, registration.legal_name), dubaiDate(Date.now()));
    const failed = failedChecks(checks);
    if (failed.length > 0 && override === '') {
      throw invalidInput('override_reason', `is needed to verify with a failing check (${failed.map((check) => check.label.toLowerCase()).join(', ')})`);
    }
    await applyTransition(tx, registration, { action: 'verify_profile', actor, data: { checks, override_reason: failed.length > 0 ? override : null } });
  });
}

/**
 * Withdraws a registration: off every queue until reinstated. A booked call without an outcome is cancelled
 * with it (its host's time is freed) and the registration falls back to profile_verified.
 */
export function withdraw(db: Database, userId: number, body: WithdrawBody, actor: Actor): Promise<RegistrationReview> {
  const reason = body.reason.trim();
  if (reason === '') throw invalidInput('reason', 'must not be blank');
  return staffWrite(db, 'withdraw', userId, actor, body.version, async (tx, registration) => {
    const payment = await paymentDecision(tx, registration.id, body, actor);
    const booked = phaseOf(registration) === 'call_booked' ? registration.meeting_id : null;
    let hostId: number | undefined;
    if (booked !== null) {
      const [call] = await tx.query<{ host_id: number }>(
        "UPDATE registration_meetings SET status = 'cancelled', cancel_reason = $2 WHERE id = $1 RETURNING host_id",
        [booked, `Registration withdrawn: ${reason}`],
      );
      hostId = call?.host_id;
    }
    await applyTransition(tx, registration, {
      action: 'withdraw',
      actor,
      data: { reason, cancelled_meeting_id: booked, payment: payment?.mention ?? null, payment_fate: payment?.fate ?? null },
      ...(booked === null
        ? {}
        : { state: { stage: 'profile_verified', meeting_outcome: null }, changes: { meeting_id: null, meeting_at: null, meeting_booked_by: null } }),
      ...(hostId === undefined ? {} : { notify: { hostId } }),
    });
  });
}

/**
 * Once money is received, a withdrawal is a decision about it: taken by a BD manager or an administrator,
 * naming the recorded payment (its reference) and saying what becomes of it. Without a payment, neither
 * field applies.
 */
async function paymentDecision(tx: Queryable, registrationId: number, body: WithdrawBody, actor: Actor): Promise<{ mention: PaymentMention; fate: PaymentFate } | null> {
  const payment = await paymentOf(tx, registrationId);
  if (!payment) {
    if (body.payment_fate !== undefined) throw invalidInput('payment_fate', 'applies only once a payment is recorded');
    if (body.payment_reference !== undefined) throw invalidInput('payment_reference', 'applies only once a payment is recorded');
    return null;
  }
  if (!may(actor.role, 'withdraw-paid-registrations')) throw forbidden(PAID_WITHDRAWAL_REFUSED);
  const named = `${formatFils(payment.amount_fils)} by ${PAYMENT_METHOD_LABELS[payment.method].toLowerCase()}, reference ${payment.reference}, paid on ${formatDubaiDay(payment.paid_on)}`;
  if (body.payment_reference?.trim() !== payment.reference) throw invalidInput('payment_reference', `must name the payment received (${named})`);
  if (body.payment_fate === undefined) throw invalidInput('payment_fate', `must say what becomes of the payment received (${named}): a refund to be made or a credit kept`);
  return { mention: { amount_fils: payment.amount_fils, method: payment.method, reference: payment.reference, paid_on: payment.paid_on }, fate: body.payment_fate };
}

export function reinstate(db: Database, userId: number, body: { version: number }, actor: Actor): Promise<RegistrationReview> {
  return staffWrite(db, 'reinstate', userId, actor, body.version, (tx, registration) => applyTransition(tx, registration, { action: 'reinstate', actor }).then(() => undefined));
}
