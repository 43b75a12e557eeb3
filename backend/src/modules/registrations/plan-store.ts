/**
 * Plan Approval (common/pipeline.ts rows set_plan, approve_plan, record_payment): the plan, cycle and
 * negotiated discount priced by common/pricing.ts in fils (the console shows the same figures as they are
 * edited), its approval (the client's payment request) and the payment, which must match the approved total
 * to the fil. The registrations table's legacy plan_name / plan_amount_aed stay true: the plan's name and
 * the approved-or-proposed total per cycle including VAT, as a decimal string.
 */
import type { ApprovePlanBody, PaymentBody, PlanBody, PlanMention, RegistrationReview } from '../../../../common/contract/registrations.ts';
import { dubaiInstant, formatDubaiDay } from '../../../../common/dubai-time.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import { filsToDecimal, formatFils, parseAedToFils } from '../../../../common/money.ts';
import { MAX_DISCOUNT_BP_WITHOUT_ADMIN, NO_PAYMENT_DUE, percentToBp, selfApprovalRefusal, skipsPayment } from '../../../../common/pipeline.ts';
import { cyclePrice } from '../../../../common/pricing.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { HttpError, conflict, invalidInput } from '../../lib/http-error.ts';
import { findActivePlan } from '../plans/index.ts';
import { tinDisagreement } from '../../../../common/einvoicing-readiness.ts';
import { planOf } from './records.ts';
import { profileOf } from './review-read.ts';
import { staffWrite } from './staff-write.ts';
import { applyTransition, type Actor } from './transition.ts';
import { insertList } from '../../lib/table.ts';
import { NEW_PAYMENT_FIELDS, PLAN_SET_FIELDS, type registrationPlansTable, type RegistrationPlanColumns } from './step-table.ts';
import { may } from '../../../../common/access.ts';

// Setting the plan again replaces the one set and withdraws its approval; set_at is the transaction's time (the last value).
const PLAN_SET_COLUMNS = insertList<typeof registrationPlansTable.columns>(['registration_id', ...PLAN_SET_FIELDS, 'set_at']).columns;
const PLAN_SET_AGAIN = [...PLAN_SET_FIELDS, 'set_at'].map((field) => `${field} = EXCLUDED.${field}`).join(', ');
const NEW_PAYMENT_INSERT = insertList(NEW_PAYMENT_FIELDS);

/** 400 naming `field` with its label as the form shows it. */
const invalidField = (field: string, label: string, problem: string) => new HttpError(400, 'INVALID_INPUT', `${label} ${problem}.`, field);

export function setPlan(db: Database, userId: number, body: PlanBody, actor: Actor): Promise<RegistrationReview> {
  const discountBp = percentToBp(body.discount_percent);
  if (discountBp === null) throw invalidInput('discount_percent', 'must have at most two decimals');
  if (discountBp > MAX_DISCOUNT_BP_WITHOUT_ADMIN && !may(actor.role, 'discount-beyond-limit')) {
    throw invalidInput('discount_percent', `may be at most ${MAX_DISCOUNT_BP_WITHOUT_ADMIN / 100} %: a larger discount needs an administrator`);
  }
  const note = body.note.trim();
  if (discountBp > 0 && note === '') throw invalidInput('note', 'must say why the discount is given');
  return staffWrite(db, 'set_plan', userId, actor, body.version, async (tx, registration) => {
    const plan = await findActivePlan(tx, body.plan_id);
    if (!plan) throw invalidInput('plan_id', 'must be a plan of the catalogue');
    const price = cyclePrice(plan.monthly_price_fils, body.cycle, discountBp);
    const set: Pick<RegistrationPlanColumns, (typeof PLAN_SET_FIELDS)[number]> = {
      plan_id: plan.id,
      cycle: body.cycle,
      discount_bp: discountBp,
      list_fils: price.list_fils,
      discount_fils: price.discount_fils,
      net_fils: price.net_fils,
      vat_fils: price.vat_fils,
      total_fils: price.total_fils,
      note,
      set_by: actor.actorId,
    };
    await tx.query(
      `INSERT INTO registration_plans ${PLAN_SET_COLUMNS} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, CURRENT_TIMESTAMP)
       ON CONFLICT (registration_id) DO UPDATE SET ${PLAN_SET_AGAIN}, approved_by = NULL, approved_at = NULL`,
      [registration.id, ...PLAN_SET_FIELDS.map((field) => set[field])],
    );
    const mention: PlanMention = { plan_id: plan.id, plan_name: plan.name, cycle: body.cycle, discount_bp: discountBp, net_fils: price.net_fils, vat_fils: price.vat_fils, total_fils: price.total_fils, note };
    await applyTransition(tx, registration, {
      action: 'set_plan',
      actor,
      data: { plan: mention },
      changes: { plan_name: plan.name, plan_amount_aed: filsToDecimal(price.total_fils) },
    });
  });
}

/**
 * Approves the plan as set: the client is sent the payment request; the row reads 'Awaiting Payment'. A zero
 * total skips payment (common/pipeline.ts NO_PAYMENT_DUE): the registration moves straight on to Activation.
 */
export function approvePlan(db: Database, userId: number, body: ApprovePlanBody, actor: Actor): Promise<RegistrationReview> {
  return staffWrite(db, 'approve_plan', userId, actor, body.version, async (tx, registration) => {
    const plan = await planOf(tx, registration.id);
    if (!plan) throw conflict('Set a plan before approving it.');
    const ownDiscount = plan.set_by?.id === actor.actorId ? selfApprovalRefusal(plan.discount_bp) : null;
    if (ownDiscount) throw conflict(ownDiscount);
    if (body.tin !== undefined) await recordTin(tx, registration, body.tin);
    await tx.query('UPDATE registration_plans SET approved_by = $2, approved_at = CURRENT_TIMESTAMP WHERE registration_id = $1', [registration.id, actor.actorId]);
    if (skipsPayment(plan.total_fils)) {
      // Nothing to pay: no payment request, straight on to Activation, the approval day standing as the payment date.
      await applyTransition(tx, registration, {
        action: 'approve_plan',
        actor,
        state: { stage: 'payment_completed' },
        statusLine: NO_PAYMENT_DUE.statusLine,
        data: { total_fils: 0, no_payment_due: true },
        changes: { payment_date: dubaiInstant(dubaiDate(Date.now())) },
        notify: { totalFils: 0 },
      });
      return;
    }
    await applyTransition(tx, registration, { action: 'approve_plan', actor, data: { total_fils: plan.total_fils }, notify: { totalFils: plan.total_fils } });
  });
}

/**
 * The company's TIN, asked for where its TRN is taken: a TIN that is not its TRN's first 10 digits is refused
 * naming the TRN (the ASP's directory would reject every e-invoice addressed to it).
 */
async function recordTin(tx: Queryable, registration: { id: number; legal_name: string }, tin: string | null): Promise<void> {
  const profile = await profileOf(tx, registration.id, registration.legal_name);
  const trn = profile?.vat_registered ? (profile.trn ?? '').replace(/\s/g, '') : null;
  const disagreement = tinDisagreement(tin, trn || null);
  if (disagreement) throw invalidInput('tin', disagreement);
  await tx.query('UPDATE company_profiles SET tin = $2 WHERE registration_id = $1', [registration.id, tin]);
}

/** The payment of the approved total: to the fil, paid on a day between the request and today (Dubai). */
export function recordPayment(db: Database, userId: number, body: PaymentBody, actor: Actor): Promise<RegistrationReview> {
  if (body.amount_aed.trim().startsWith('-')) throw invalidField('amount_aed', 'Amount', 'must be more than zero: record the amount the client paid');
  const amount = parseAedToFils(body.amount_aed);
  if (amount === null || amount <= 0) throw invalidField('amount_aed', 'Amount', 'must be more than zero, in AED with at most two decimals');
  const reference = body.reference.trim();
  if (reference === '') throw invalidInput('reference', 'must not be blank');
  const today = dubaiDate(Date.now());
  if (body.paid_on > today) throw invalidInput('paid_on', 'must not be in the future');
  return staffWrite(db, 'record_payment', userId, actor, body.version, async (tx, registration) => {
    const plan = await planOf(tx, registration.id);
    if (!plan?.approved_at) throw conflict('Approve the plan before recording its payment.');
    if (amount !== plan.total_fils) throw invalidField('amount_aed', 'Amount', `must equal the approved total, ${formatFils(plan.total_fils)}`);
    const requested = dubaiDate(Date.parse(plan.approved_at));
    if (body.paid_on < requested) throw invalidInput('paid_on', `must not be before the payment request (${formatDubaiDay(requested)})`);
    await tx.query(
      `INSERT INTO registration_payments ${NEW_PAYMENT_INSERT.columns} VALUES ${NEW_PAYMENT_INSERT.values}`,
      [registration.id, amount, body.method, reference, body.paid_on, actor.actorId],
    );
    await applyTransition(tx, registration, {
      action: 'record_payment',
      actor,
      data: { amount_fils: amount, method: body.method, reference, paid_on: body.paid_on },
      changes: { payment_date: dubaiInstant(body.paid_on) },
      notify: { totalFils: amount },
    });
  });
}
