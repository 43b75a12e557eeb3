/**
 * `npm run demo:code -- admin@example.com`: the current sign-in code of a demo staff account, as its
 * authenticator app would show it (the demo's TOTP secrets are derived from the e-mail: demo/accounts.ts),
 * and how many seconds it stays current. Offline: no server is asked.
 */
import { DEMO_ACCOUNTS, demoTotpSecret } from '../backend/src/demo/accounts.ts';
import { isStaffRole } from '../common/roles.ts';
import { codeAt, TOTP_PERIOD_SECONDS } from '../backend/src/modules/security/totp.ts';

const email = process.argv[2]?.trim().toLowerCase();
const staff = DEMO_ACCOUNTS.filter((account) => isStaffRole(account.role)).map((account) => account.email);
if (!email || !staff.includes(email)) {
  console.error(`demo:code: name a demo staff account, e.g. npm run demo:code -- admin@example.com\n  ${staff.join('\n  ')}`);
  process.exit(1);
}
const now = Date.now();
const left = TOTP_PERIOD_SECONDS - (Math.floor(now / 1000) % TOTP_PERIOD_SECONDS);
console.log(`${codeAt(demoTotpSecret(email), now)}  (${email}, current for ${left} more s)`);
