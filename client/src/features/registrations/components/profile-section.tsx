import type { CompanyProfile, ProfileCheck } from '../../../../../common/contract/registrations.ts';
import { clientFields } from '../../../../../common/contract/clients-fields.ts';
import { sharedFields } from '../../../../../common/contract/shared-fields.ts';
import { formatDubaiDate, formatFull } from '../../../lib/dates.ts';
import { ProfileChecks } from './profile-checks.tsx';

/**
 * The company profile the client submitted, read-only. Licence dates are calendar dates, shown as such.
 * With `checks`, the reviewer's checks as of today sit above it (an expired licence is flagged, not just listed).
 */
export function ProfileSection({ profile, checks }: { profile: CompanyProfile | null; checks?: readonly ProfileCheck[] }) {
  return (
    <section className="panel review-section" aria-labelledby="review-profile">
      <h2 id="review-profile" className="review-section__title">
        Company profile
      </h2>
      {!profile ? (
        <p className="review-section__note">The client has not submitted the company profile yet.</p>
      ) : (
        <>
          {checks && <ProfileChecks checks={checks} />}
          <dl className="review-facts">
            <Fact label={clientFields.legalName.label} value={profile.legal_name} />
            <Fact label={clientFields.tradeLicenceNumber.label} value={profile.trade_licence_number} />
            <Fact label={clientFields.licensingAuthority.label} value={profile.licensing_authority} />
            <Fact label={clientFields.legalForm.label} value={profile.legal_form} />
            <Fact label="Licence issued" value={formatDubaiDate(`${profile.licence_issued_on}T12:00:00+04:00`)} />
            <Fact label="Licence expires" value={formatDubaiDate(`${profile.licence_expires_on}T12:00:00+04:00`)} />
            <Fact label={clientFields.vatRegistered.label} value={profile.vat_registered ? `Yes${profile.trn ? ` (TRN ${profile.trn})` : ''}` : 'No'} />
            <Fact label="Contact person" value={profile.contact_person} />
            <Fact label={sharedFields.email.label} value={profile.email} />
            <Fact label={clientFields.phone.label} value={profile.phone} />
            <Fact label={clientFields.address.label} value={profile.address} wide />
            <Fact label="Submitted at" value={formatFull(profile.submitted_at)} />
          </dl>
        </>
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
