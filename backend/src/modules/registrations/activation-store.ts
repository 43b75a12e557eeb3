/**
 * Activation (common/pipeline.ts row activate): the paid registration becomes a client with its
 * subscription, through the clients module's createClient / createSubscription in the same transaction, with
 * its bookkeeper and reviewer; the registration leaves every queue at account_activated.
 */
import type { AccountTeam, ActivateBody, CompanyProfile, RegistrationReview } from '../../../../common/contract/registrations.ts';
import type { PersonRef } from '../../../../common/contract/shared.ts';
import { formatDubaiDay } from '../../../../common/dubai-time.ts';
import { addDays, dubaiDate } from '../../../../common/calendar.ts';
import { holidayRefusal, MAX_START_DAYS_AHEAD, skipsPayment } from '../../../../common/pipeline.ts';
import { TRN_PATTERN } from '../../../../common/profile-checks.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { conflict, invalidInput } from '../../lib/http-error.ts';
import { createClient, createSubscription, type NewClient } from '../clients/index.ts';
import { recordClientTin } from '../einvoicing/index.ts';
import { paymentOf, planOf } from './records.ts';
import { profileOf, staffWhoSee } from './review-read.ts';
import { staffWrite } from './staff-write.ts';
import { applyTransition, type Actor, type RegistrationRow } from './transition.ts';
import { may, rolesThat, type Capability } from '../../../../common/access.ts';
import { insertList } from '../../lib/table.ts';
import { NEW_ACTIVATION_FIELDS } from './step-table.ts';

const NEW_ACTIVATION_INSERT = insertList(NEW_ACTIVATION_FIELDS);

/**
 * The client record a registration becomes. A TRN verified by override may be malformed: the client is then
 * recorded as not VAT registered until its TRN is corrected on the client's profile. Most UAE businesses
 * file VAT quarterly; the Clients page corrects the period to what the FTA assigned.
 */
export function clientOf(
  registration: Pick<RegistrationRow, 'id' | 'user_id' | 'legal_name'>,
  profile: CompanyProfile,
  team: { bookkeeperId: number | null; reviewerId: number | null; activatedAt?: Date },
): NewClient {
  const trn = (profile.trn ?? '').replace(/\s/g, '');
  const vatRegistered = profile.vat_registered && TRN_PATTERN.test(trn);
  return {
    registrationId: registration.id,
    userId: registration.user_id,
    legalName: registration.legal_name,
    tradeLicenceNumber: profile.trade_licence_number,
    licensingAuthority: profile.licensing_authority,
    legalForm: profile.legal_form,
    licenceExpiresOn: profile.licence_expires_on,
    vatRegistered,
    trn: vatRegistered ? trn : null,
    vatPeriod: vatRegistered ? 'quarterly' : null,
    vatFirstPeriodEndMonth: null,
    corporateTaxNumber: null,
    financialYearEndMonth: 12,
    email: profile.email,
    phone: profile.phone,
    address: profile.address,
    ...team,
  };
}

export async function accountTeam(db: Queryable): Promise<AccountTeam> {
  return { bookkeepers: await staffWhoSee(db, rolesThat('keep-client-books')), reviewers: await staffWhoSee(db, rolesThat('review-client-books')) };
}

async function teamMember(tx: Queryable, id: number, capability: Capability, field: string, what: string): Promise<PersonRef> {
  const [user] = await tx.query<PersonRef & { role: string; active: boolean }>('SELECT id, display_name, email, role, active FROM users WHERE id = $1', [id]);
  if (!user || !user.active || !may(user.role, capability)) throw invalidInput(field, `must be an active ${what}`);
  return { id: user.id, display_name: user.display_name, email: user.email };
}

export function activate(db: Database, userId: number, body: ActivateBody, actor: Actor): Promise<RegistrationReview> {
  const latestStart = addDays(dubaiDate(Date.now()), MAX_START_DAYS_AHEAD);
  if (body.starts_on > latestStart) throw invalidInput('starts_on', `must be within ${MAX_START_DAYS_AHEAD} days`);
  const holiday = holidayRefusal(body.starts_on);
  if (holiday) throw invalidInput('starts_on', holiday);
  return staffWrite(db, 'activate', userId, actor, body.version, async (tx, registration) => {
    const bookkeeper = await teamMember(tx, body.bookkeeper_id, 'keep-client-books', 'bookkeeper_id', 'bookkeeper');
    const reviewer = await teamMember(tx, body.reviewer_id, 'review-client-books', 'reviewer_id', 'reviewer');
    const [payment, plan, profile] = [await paymentOf(tx, registration.id), await planOf(tx, registration.id), await profileOf(tx, registration.id, registration.legal_name)];
    // A plan approved with a zero total has no payment (common/pipeline.ts NO_PAYMENT_DUE): its approval day stands in.
    const noPaymentDue = plan?.approved_at ? skipsPayment(plan.total_fils) : false;
    if ((!payment && !noPaymentDue) || !plan || !profile) throw conflict('This registration has no recorded payment, plan or company profile to activate.');
    const paidOn = payment ? payment.paid_on : dubaiDate(Date.parse(plan.approved_at!));
    if (body.starts_on < paidOn) throw invalidInput('starts_on', `must not be before the payment date (${formatDubaiDay(paidOn)})`);
    const clientId = await createClient(tx, clientOf(registration, profile, { bookkeeperId: bookkeeper.id, reviewerId: reviewer.id }));
    // The TIN taken at plan approval addresses its first e-invoice.
    if (profile.tin) await recordClientTin(tx, clientId, profile.tin);
    const subscriptionId = await createSubscription(tx, { clientId, planId: plan.plan_id, cycle: plan.cycle, discountBp: plan.discount_bp, discountNote: plan.note || null, startsOn: body.starts_on });
    await tx.query(
      `INSERT INTO registration_activations ${NEW_ACTIVATION_INSERT.columns} VALUES ${NEW_ACTIVATION_INSERT.values}`,
      [registration.id, clientId, subscriptionId, bookkeeper.id, reviewer.id, body.starts_on, actor.actorId],
    );
    await applyTransition(tx, registration, {
      action: 'activate',
      actor,
      data: { client_id: clientId, subscription_id: subscriptionId, bookkeeper, reviewer, starts_on: body.starts_on },
      notify: { bookkeeperId: bookkeeper.id },
    });
  });
}
