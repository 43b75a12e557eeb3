import { useId, useState } from 'react';
import { MONTH_NAMES } from '../../../../../common/calendar.ts';
import { CLIENT_STATUS_LABELS } from '../../../../../common/clients.ts';
import { VAT_PERIODS, type VatPeriod } from '../../../../../common/compliance.ts';
import type { ClientDetail, UpdateClientBody } from '../../../../../common/contract/clients.ts';
import { clientPath } from '../../../../../common/links.ts';
import { formatFils } from '../../../../../common/money.ts';
import { CYCLE_TERMS } from '../../../../../common/pricing.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { Button } from '../../../components/button.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { CountedTextField } from '../../../components/counted-field.tsx';
import { queryCache } from '../../../lib/query-cache.ts';
import { useAction } from '../../../lib/use-action.ts';
import { clientKeys, clients, updateClient, useTeamChoices } from '../api.ts';
import { vatPeriodText } from '../model.ts';
import { formatDubaiDate } from '../../../lib/dates.ts';
import { DATE_RULES } from '../../../../../common/date-rules.ts';
import { TIN_LENGTH, tinDisagreement } from '../../../../../common/einvoicing-readiness.ts';
import { clientFields } from '../../../../../common/contract/clients-fields.ts';
import { sharedFields } from '../../../../../common/contract/shared-fields.ts';
import { einvoicingFields } from '../../../../../common/contract/einvoicing-fields.ts';
import { Select } from '../../../components/select.tsx';
import { personName } from '../../../lib/user-name.ts';

const monthName = (month: number | null) => (month ? (MONTH_NAMES[month - 1] ?? '-') : '-');

/** Company profile, contact details, the client's users, the team and the subscription at a glance. */
export function OverviewTab({ client }: { client: ClientDetail }) {
  const [dialog, setDialog] = useState<'profile' | 'team' | null>(null);
  const close = () => setDialog(null);
  const subscription = client.subscription;
  return (
    <div className="client-columns">
      <section className="panel client-section" aria-labelledby="client-profile">
        <div className="client-section__head">
          <h2 id="client-profile" className="client-section__title">
            Company profile
          </h2>
          {client.can.edit && (
            <Button variant="outlined" onClick={() => setDialog('profile')}>
              Edit profile
            </Button>
          )}
        </div>
        <dl className="client-facts">
          <Fact term="Legal name" value={client.legal_name} />
          <Fact term="Trade licence number" value={client.trade_licence_number} />
          <Fact term="Licensing authority" value={client.licensing_authority} />
          <Fact term="Legal form" value={client.legal_form} />
          <Fact term="Licence expiry" value={formatDubaiDate(client.licence_expires_on)} />
          <Fact term="VAT registered" value={client.vat_registered ? 'Yes' : 'No'} />
          <Fact term="TRN" value={client.trn ?? '-'} />
          <Fact term="TIN" value={client.tin ?? 'Not recorded'} />
          <Fact
            term="VAT period"
            value={vatPeriodText(client)}
          />
          <Fact term="Corporate tax number" value={client.corporate_tax_number ?? '-'} />
          <Fact term="Financial year ends" value={`End of ${monthName(client.financial_year_end_month)}`} />
          <Fact term="E-mail" value={client.email} />
          <Fact term="Phone" value={client.phone} />
          <Fact term="Address" value={client.address} />
          <Fact term="Client since" value={formatDubaiDate(client.activated_at.slice(0, 10))} />
        </dl>
      </section>
      <div className="client-side">
        <section className="panel client-section" aria-labelledby="client-team">
          <div className="client-section__head">
            <h2 id="client-team" className="client-section__title">
              Team
            </h2>
            {client.can.reassign && (
              <Button variant="outlined" onClick={() => setDialog('team')}>
                Reassign
              </Button>
            )}
          </div>
          <dl className="client-facts">
            <Fact term="Bookkeeper" value={personName(client.bookkeeper)} />
            <Fact term="Reviewer" value={personName(client.reviewer)} />
          </dl>
        </section>
        <section className="panel client-section" aria-labelledby="client-contacts">
          <h2 id="client-contacts" className="client-section__title">
            Contacts
          </h2>
          {client.contacts.length === 0 ? (
            <p className="client-muted">No sign-in account yet.</p>
          ) : (
            <ul className="client-contacts">
              {client.contacts.map((person) => (
                <li key={person.id}>
                  <span>{personName(person)}</span>
                  <span className="client-muted">{person.email}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="panel client-section" aria-labelledby="client-subscription-summary">
          <h2 id="client-subscription-summary" className="client-section__title">
            Subscription
          </h2>
          {subscription ? (
            <dl className="client-facts">
              <Fact term="Plan" value={`${subscription.plan.name}, ${CYCLE_TERMS[subscription.cycle].label}`} />
              <Fact term="Total per cycle" value={formatFils(subscription.price.total_fils)} />
              <Fact term="Status" value={CLIENT_STATUS_LABELS[subscription.status]} />
              <Fact term="Next renewal" value={subscription.status === 'cancelled' ? '-' : subscription.status === 'paused' ? 'When it resumes' : formatDubaiDate(subscription.next_renewal_on)} />
            </dl>
          ) : (
            <p className="client-muted">No subscription.</p>
          )}
          <AppLink href={clientPath(client.id, 'subscription')}>Open the subscription</AppLink>
        </section>
      </div>
      {dialog === 'profile' && <ProfileDialog client={client} onClose={close} />}
      {dialog === 'team' && <TeamDialog client={client} onClose={close} />}
    </div>
  );
}

export function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="client-facts__item">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

type ProfileForm = {
  legal_name: string;
  trade_licence_number: string;
  licensing_authority: string;
  legal_form: string;
  licence_expires_on: string;
  vat_registered: boolean;
  trn: string;
  tin: string;
  vat_period: VatPeriod | '';
  vat_first_period_end_month: string;
  corporate_tax_number: string;
  financial_year_end_month: string;
  email: string;
  phone: string;
  address: string;
};

const formOf = (client: ClientDetail): ProfileForm => ({
  legal_name: client.legal_name,
  trade_licence_number: client.trade_licence_number,
  licensing_authority: client.licensing_authority,
  legal_form: client.legal_form,
  licence_expires_on: client.licence_expires_on,
  vat_registered: client.vat_registered,
  trn: client.trn ?? '',
  tin: client.tin ?? '',
  vat_period: client.vat_period ?? '',
  vat_first_period_end_month: client.vat_first_period_end_month ? String(client.vat_first_period_end_month) : '',
  corporate_tax_number: client.corporate_tax_number ?? '',
  financial_year_end_month: String(client.financial_year_end_month),
  email: client.email,
  phone: client.phone,
  address: client.address,
});

/** Only what changed is sent, with the version the page showed. */
function changesOf(before: ProfileForm, after: ProfileForm, version: number): UpdateClientBody {
  const body: UpdateClientBody = { version };
  const text = ['legal_name', 'trade_licence_number', 'licensing_authority', 'legal_form', 'licence_expires_on', 'email', 'phone', 'address'] as const;
  for (const field of text) if (after[field].trim() !== before[field]) body[field] = after[field].trim();
  if (after.vat_registered !== before.vat_registered) body.vat_registered = after.vat_registered;
  if (after.trn.trim() !== before.trn) body.trn = after.trn.trim() || null;
  // Left as it was, the back end keeps it, or makes it a changed TRN's first 10 digits.
  if (after.tin.trim() !== before.tin) body.tin = after.tin.trim() || null;
  if (after.vat_period !== before.vat_period) body.vat_period = after.vat_period || null;
  if (after.vat_first_period_end_month !== before.vat_first_period_end_month) body.vat_first_period_end_month = after.vat_first_period_end_month ? Number(after.vat_first_period_end_month) : null;
  if (after.corporate_tax_number.trim() !== before.corporate_tax_number) body.corporate_tax_number = after.corporate_tax_number.trim() || null;
  if (after.financial_year_end_month !== before.financial_year_end_month) body.financial_year_end_month = Number(after.financial_year_end_month);
  return body;
}

function ProfileDialog({ client, onClose }: { client: ClientDetail; onClose: () => void }) {
  const initial = formOf(client);
  const [form, setForm] = useState(initial);
  const id = useId();
  const set = <K extends keyof ProfileForm>(field: K) => (value: ProfileForm[K]) => setForm((current) => ({ ...current, [field]: value }));
  const save = useAction<void, ClientDetail>({
    run: (_input, { headers }) => updateClient(client.id, changesOf(initial, form, client.version), headers),
    success: 'Profile saved',
    endpoint: clients.updateClient,
    onSuccess: (answer) => {
      queryCache.setData(clientKeys.client(client.id), answer);
      onClose();
    },
    onConflict: onClose,
  });
  const errors = save.fieldErrors;
  const unchanged = Object.keys(changesOf(initial, form, client.version)).length === 1;
  // A TIN typed here that its TRN contradicts is said at once, naming the TRN (the back end refuses it too).
  const tinError = form.tin.trim() !== initial.tin && form.vat_registered ? tinDisagreement(form.tin.trim() || null, form.trn.trim() || null) : null;
  return (
    <FormDialog
      title="Edit the company profile"
      submitLabel="Save"
      busy={save.busy}
      error={save.formError}
      submitDisabled={unchanged || tinError !== null}
      disabledReason={tinError ? 'Correct the TIN first.' : 'Nothing changed yet.'}
      onSubmit={() => void save.run()}
      onClose={onClose}
    >
      <CountedTextField id={`${id}-name`} field={clientFields.legalName} value={form.legal_name} onValueChange={set('legal_name')} near error={errors.legal_name} />
      <div className="client-form-row">
        <CountedTextField id={`${id}-licence`} field={clientFields.tradeLicenceNumber} value={form.trade_licence_number} onValueChange={set('trade_licence_number')} near error={errors.trade_licence_number} />
        <TextField id={`${id}-expiry`} field={clientFields.licenceExpiry} type="date" value={form.licence_expires_on} onValueChange={set('licence_expires_on')} hint={DATE_RULES.licenceExpiry.hint} error={errors.licence_expires_on} />
      </div>
      <div className="client-form-row">
        <CountedTextField id={`${id}-authority`} field={clientFields.licensingAuthority} value={form.licensing_authority} onValueChange={set('licensing_authority')} near error={errors.licensing_authority} />
        <CountedTextField id={`${id}-form`} field={clientFields.legalForm} value={form.legal_form} onValueChange={set('legal_form')} near error={errors.legal_form} />
      </div>
      <label className="client-check">
        <input type="checkbox" checked={form.vat_registered} onChange={(event) => set('vat_registered')(event.target.checked)} />
        VAT registered
      </label>
      <div className="client-form-row">
        <CountedTextField id={`${id}-trn`} field={clientFields.trn} label="TRN (15 digits)" inputMode="numeric" value={form.trn} onValueChange={set('trn')} near error={errors.trn} />
        <CountedTextField
          id={`${id}-tin`}
          field={einvoicingFields.tin}
          inputMode="numeric"
          value={form.tin}
          onValueChange={set('tin')}
          near
          hint={form.vat_registered ? "With a TRN: the TRN's first 10 digits" : `${TIN_LENGTH} digits: its e-invoices are addressed to it`}
          error={tinError ? `TIN ${tinError}.` : errors.tin}
        />
      </div>
      <div className="client-form-row">
        <Select id={`${id}-period`} field={clientFields.vatPeriod} value={form.vat_period} onChange={(value) => set('vat_period')(value as VatPeriod | '')} error={errors.vat_period}>
          <option value="">None</option>
          {VAT_PERIODS.map((period) => (
            <option key={period} value={period}>
              {period === 'monthly' ? 'Monthly' : 'Quarterly'}
            </option>
          ))}
        </Select>
      </div>
      <div className="client-form-row">
        <Select id={`${id}-stagger`} label="First VAT quarter ends in" value={form.vat_first_period_end_month} onChange={set('vat_first_period_end_month')} error={errors.vat_first_period_end_month}>
          <option value="">-</option>
          {MONTH_NAMES.slice(0, 3).map((name, index) => (
            <option key={name} value={String(index + 1)}>
              {name}
            </option>
          ))}
        </Select>
        <Select id={`${id}-fy`} label="Financial year ends in" value={form.financial_year_end_month} onChange={set('financial_year_end_month')} error={errors.financial_year_end_month}>
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={String(index + 1)}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      <CountedTextField id={`${id}-ct`} field={clientFields.corporateTaxNumber} value={form.corporate_tax_number} onValueChange={set('corporate_tax_number')} near error={errors.corporate_tax_number} />
      <div className="client-form-row">
        <TextField id={`${id}-email`} field={sharedFields.email} type="email" value={form.email} onValueChange={set('email')} error={errors.email} />
        <CountedTextField id={`${id}-phone`} field={clientFields.phone} type="tel" value={form.phone} onValueChange={set('phone')} near error={errors.phone} />
      </div>
      <CountedTextField id={`${id}-address`} field={clientFields.address} value={form.address} onValueChange={set('address')} near error={errors.address} />
    </FormDialog>
  );
}

/** ADMIN moves a client to another bookkeeper or reviewer (audited; the new bookkeeper is notified). */
function TeamDialog({ client, onClose }: { client: ClientDetail; onClose: () => void }) {
  const team = useTeamChoices();
  const [bookkeeper, setBookkeeper] = useState(client.bookkeeper ? String(client.bookkeeper.id) : '');
  const [reviewer, setReviewer] = useState(client.reviewer ? String(client.reviewer.id) : '');
  const id = useId();
  const save = useAction<void, ClientDetail>({
    run: (_input, { headers }) =>
      updateClient(client.id, { version: client.version, bookkeeper_id: bookkeeper ? Number(bookkeeper) : null, reviewer_id: reviewer ? Number(reviewer) : null }, headers),
    success: 'Team changed',
    endpoint: clients.updateClient,
    onSuccess: (answer) => {
      queryCache.setData(clientKeys.client(client.id), answer);
      onClose();
    },
    onConflict: onClose,
  });
  const unchanged = bookkeeper === (client.bookkeeper ? String(client.bookkeeper.id) : '') && reviewer === (client.reviewer ? String(client.reviewer.id) : '');
  return (
    <FormDialog title="Reassign the team" submitLabel="Save" busy={save.busy} error={save.formError} submitDisabled={unchanged || !team.data} onSubmit={() => void save.run()} onClose={onClose}>
      <Select id={`${id}-bookkeeper`} field={clientFields.bookkeeper} value={bookkeeper} onChange={setBookkeeper} error={save.fieldErrors.bookkeeper_id}>
        <option value="">Not assigned</option>
        {(team.data?.bookkeepers ?? []).map((person) => (
          <option key={person.id} value={String(person.id)}>
            {personName(person)}
          </option>
        ))}
      </Select>
      <Select id={`${id}-reviewer`} field={clientFields.reviewer} value={reviewer} onChange={setReviewer} error={save.fieldErrors.reviewer_id}>
        <option value="">Not assigned</option>
        {(team.data?.reviewers ?? []).map((person) => (
          <option key={person.id} value={String(person.id)}>
            {personName(person)}
          </option>
        ))}
      </Select>
    </FormDialog>
  );
}
