import type { CompanyProfile } from '../../../../../common/contract/registrations.ts';
import { formatDubaiDate, formatFull } from '../../../lib/dates.ts';

/** The company profile the client submitted, read-only. Licence dates are calendar dates, shown as such. */
export function ProfileSection({ profile }: { profile: CompanyProfile | null }) {
  return (
    <section className="panel review-section" aria-labelledby="review-profile">
      <h2 id="review-profile" className="review-section__title">
        Company profile
      </h2>
      {!profile ? (
        <p className="review-section__note">The client has not submitted the company profile yet.</p>
      ) : (
        <dl className="review-facts">
          <Fact label="Legal name" value={profile.legal_name} />
          <Fact label="Trade licence number" value={profile.trade_licence_number} />
          <Fact label="Licensing authority" value={profile.licensing_authority} />
          <Fact label="Legal form" value={profile.legal_form} />
          <Fact label="Licence issued" value={formatDubaiDate(`${profile.licence_issued_on}T12:00:00+04:00`)} />
          <Fact label="Licence expires" value={formatDubaiDate(`${profile.licence_expires_on}T12:00:00+04:00`)} />
          <Fact label="VAT registered" value={profile.vat_registered ? `Yes${profile.trn ? ` (TRN ${profile.trn})` : ''}` : 'No'} />
          <Fact label="Contact person" value={profile.contact_person} />
          <Fact label="E-mail" value={profile.email} />
          <Fact label="Phone" value={profile.phone} />
          <Fact label="Address" value={profile.address} wide />
          <Fact label="Submitted at" value={formatFull(profile.submitted_at)} />
        </dl>
      )}
    </section>
  );
}

export function Fact({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'review-facts__item review-facts__item--wide' : 'review-facts__item'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
