/**
 * The registrations area's route keys (the five onboarding pages) and what the shell shows for them, each
 * page in its own chunk: this file is all the router loads up front.
 */
import type { RouteKey } from '../../../../common/access.ts';
import { lazyPage, type LazyPage } from '../../lib/lazy-page.ts';

export const registrationPages = {
  registrations: lazyPage(() => import('./sub-routes.tsx').then((module) => module.RegistrationRoutes)),
  'call-schedules': lazyPage(() => import('./pages/call-schedules-page.tsx').then((module) => module.CallSchedulesPage)),
  'due-diligence': lazyPage(() => import('./sub-routes.tsx').then((module) => module.DueDiligenceRoutes)),
  'pending-payments': lazyPage(() => import('./pages/pending-payments-page.tsx').then((module) => module.PendingPaymentsPage)),
  'pending-activation': lazyPage(() => import('./pages/pending-activation-page.tsx').then((module) => module.PendingActivationPage)),
} satisfies Partial<Record<RouteKey, LazyPage>>;

/** The verification stepper, for the shell's left column on verification pages. */
export const VerificationStepper = lazyPage(() => import('./components/verification-stepper.tsx').then((module) => module.VerificationStepper));
