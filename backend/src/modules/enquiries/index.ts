/** Website enquiries: the inbox of the website's forms and their public post. */
import type { BackendModule } from '../../lib/module.ts';
import { demoWebsiteRoutes } from './demo-page.ts';
import { enquiryRoutes } from './routes.ts';
import { enquiriesWork } from './work.ts';

export const enquiriesModule: BackendModule = { name: 'enquiries', routes: enquiryRoutes, rootRoutes: demoWebsiteRoutes, work: enquiriesWork };
