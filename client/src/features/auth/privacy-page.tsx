import { LegalPage } from './legal-page.tsx';

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>The console processes staff account details (name, email address, role, profile picture) to sign you in and show what your role may see.</p>
      <h2>What is stored on your device</h2>
      <p>Your sign-in session and access token are kept in your browser's storage so you stay signed in. Signing out removes them.</p>
      <h2>Notifications</h2>
      <p>If you allow browser notifications, a device token is registered so the console can alert you to new activity. You can withdraw permission in your browser at any time.</p>
      <h2>Contact</h2>
      <p>Questions about your data go to your administrator.</p>
    </LegalPage>
  );
}
