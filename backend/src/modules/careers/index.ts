/** Careers: job posts, applications with their CVs, and the website's public reads and apply. */
import type { BackendModule } from '../../lib/module.ts';
import { careerRoutes } from './routes.ts';
import { careersWork } from './work.ts';

export const careersModule: BackendModule = { name: 'careers', routes: careerRoutes, work: careersWork };
