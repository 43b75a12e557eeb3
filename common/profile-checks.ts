/**
 * The checks a reviewer makes on a company profile before verifying it, computed once here: the back end
 * refuses 'Verify profile' on a failing check (unless overridden with a reason), and the console shows the
 * same results beside the button and on the due-diligence detail page.
 */
import { formatDubaiDay } from './dubai-time.ts';
import { daysBetween } from './calendar.ts';

export const PROFILE_CHECK_KEYS = ['licence_number', 'licence_valid', 'trn'] as const;
export type ProfileCheckKey = (typeof PROFILE_CHECK_KEYS)[number];

export const PROFILE_CHECK_LABELS: Record<ProfileCheckKey, string> = {
  licence_number: 'Trade licence number present',
  licence_valid: 'Trade licence not expired',
  trn: '15-digit TRN when VAT registered',
};

/** UAE Tax Registration Numbers are 15 digits. */
export const TRN_PATTERN = /^\d{15}$/;

export interface ProfileCheck {
  key: ProfileCheckKey;
  label: string;
  passed: boolean;
  /** What was found, in words: 'Expired on 05-Jan-2026 (68 days ago)'. */
  detail: string;
}

export interface CheckedProfile {
  trade_licence_number: string;
  /** YYYY-MM-DD */
  licence_expires_on: string;
  vat_registered: boolean;
  trn: string | null;
}

const check = (key: ProfileCheckKey, passed: boolean, detail: string): ProfileCheck => ({ key, label: PROFILE_CHECK_LABELS[key], passed, detail });

/** The checks of a profile on the Dubai date `today` (YYYY-MM-DD); a missing profile fails all three. */
export function profileChecks(profile: CheckedProfile | null, today: string): ProfileCheck[] {
  if (!profile) return PROFILE_CHECK_KEYS.map((key) => check(key, false, 'No company profile was submitted.'));
  const number = profile.trade_licence_number.trim();
  const daysLeft = daysBetween(today, profile.licence_expires_on);
  const expiry = formatDubaiDay(profile.licence_expires_on);
  const trn = (profile.trn ?? '').replace(/\s/g, '');
  return [
    check('licence_number', number !== '', number === '' ? 'No trade licence number.' : number),
    check(
      'licence_valid',
      daysLeft >= 0,
      daysLeft >= 0 ? `Valid until ${expiry}${daysLeft <= 30 ? ` (${daysLeft} day${daysLeft === 1 ? '' : 's'} left)` : ''}` : `Expired on ${expiry} (${-daysLeft} day${daysLeft === -1 ? '' : 's'} ago)`,
    ),
    !profile.vat_registered
      ? check('trn', true, 'Not VAT registered: no TRN needed.')
      : TRN_PATTERN.test(trn)
        ? check('trn', true, `TRN ${trn}`)
        : check('trn', false, trn === '' ? 'VAT registered but no TRN given.' : `TRN ${trn} is not 15 digits.`),
  ];
}

export const failedChecks = (checks: readonly ProfileCheck[]) => checks.filter((entry) => !entry.passed);
