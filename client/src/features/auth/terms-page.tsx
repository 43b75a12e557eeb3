import { LegalPage } from './legal-page.tsx';

export function TermsPage() {
  return (
    <LegalPage title="Terms and Conditions">
      <p>This console is for authorised staff only. By signing in you agree to use it solely for your work on client onboarding, bookkeeping and related services.</p>
      <h2>Accounts</h2>
      <p>Keep your credentials to yourself, sign out on shared machines, and tell an administrator at once if you suspect your account is misused.</p>
      <h2>Client information</h2>
      <p>Client records, documents and conversations are confidential. Open only what your role needs, and do not copy them outside the systems provided.</p>
      <h2>Changes</h2>
      <p>These terms may change; the version shown here is the one in force.</p>
    </LegalPage>
  );
}
