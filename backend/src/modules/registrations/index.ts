/**
 * Registrations: the onboarding pipeline's records (lists, counts, export), one registration's review and
 * timeline, the pipeline's actions (the stage machine of common/pipeline.ts), the spec's stepper call, and
 * the client's own registration.
 */
import type { FastifyInstance } from 'fastify';
import type { BackendModule } from '../../lib/module.ts';
import { myRegistrationRoutes } from './my-routes.ts';
import { pipelineRoutes } from './pipeline-routes.ts';
import { reviewRoutes } from './review-routes.ts';
import { registrationRoutes } from './routes.ts';
import { registrationsWork } from './work.ts';

export { addRegistrationVisibility, registrationHref, visibleOnboardingPages } from './work.ts';

// The CRM's won lead becomes a signed_up registration.
export { createSignedUpRegistration, type NewRegistration } from './create.ts';

async function routes(app: FastifyInstance): Promise<void> {
  await registrationRoutes(app);
  await reviewRoutes(app);
  await pipelineRoutes(app);
  await myRegistrationRoutes(app);
}

export const registrationsModule: BackendModule = { name: 'registrations', routes, work: registrationsWork };
