/**
 * The page component of every route key of the table and of every public path. A feature plugs its page in
 * here when it lands; the Record types make a route or a public path without a page a type error, so the
 * router cannot drift from the paths the guard treats as public.
 */
import type { ComponentType, ReactNode } from 'react';
import { Route, Switch, useRoute } from 'wouter';
import type { PUBLIC_PATHS, RouteKey } from '../../../common/access.ts';
import { PlaceholderPage } from '../components/placeholder-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { PrivacyPage } from '../features/auth/privacy-page.tsx';
import { SetPasswordPage } from '../features/auth/set-password-page.tsx';
import { TermsPage } from '../features/auth/terms-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { ReviewDetailPage } from '../features/review/review-detail-page.tsx';
import { VerificationPage } from '../features/review/verification-page.tsx';
import { VerificationStepper } from '../features/review/verification-stepper.tsx';
import { VERIFICATION_PATH } from '../features/review/verification-link.ts';
import { SideNav } from '../components/side-nav.tsx';

export const PUBLIC_PAGES: Record<(typeof PUBLIC_PATHS)[number], ComponentType> = {
  '/auth/login': LoginPage,
  '/users/set-password': SetPasswordPage,
  '/T&C': TermsPage,
  '/PrivacyPolicy': PrivacyPage,
};

export const PAGES: Record<RouteKey, ComponentType> = {
  home: HomePage,
  crm: PlaceholderPage,
  contactus: PlaceholderPage,
  registrations: RegistrationRoutes,
  'call-schedules': PlaceholderPage,
  'due-diligence': DueDiligenceRoutes,
  'pending-payments': PlaceholderPage,
  'pending-activation': PlaceholderPage,
  'unsynced-inv': PlaceholderPage,
  'on-demand-requests': PlaceholderPage,
  tasks: PlaceholderPage,
  chats: PlaceholderPage,
  clients: PlaceholderPage,
  users: PlaceholderPage,
  faqs: PlaceholderPage,
  careers: PlaceholderPage,
  settings: PlaceholderPage,
};

/** The Registration key's pages: the list (the onboarding-lists feature) and one registration's verification. */
function RegistrationRoutes() {
  return (
    <Switch>
      <Route path={VERIFICATION_PATH} component={VerificationPage} />
      <Route component={PlaceholderPage} />
    </Switch>
  );
}

/** The Due Diligence key's pages: the list (the onboarding-lists feature) and one registration's review. */
function DueDiligenceRoutes() {
  return (
    <Switch>
      <Route path="/due-diligence/details/:id" component={ReviewDetailPage} />
      <Route component={PlaceholderPage} />
    </Switch>
  );
}

/** The shell's left column under the logo: the verification stepper on a verification page, else the main navigation. */
export function ShellSidebar(): ReactNode {
  const [verification] = useRoute(VERIFICATION_PATH);
  return verification ? <VerificationStepper /> : <SideNav />;
}
