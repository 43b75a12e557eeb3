/** CRM: leads and deals by stage, activities, follow-up notices, and the won lead's invitation to register. */
import type { BackendModule } from '../../lib/module.ts';
import { setupCrmJobs } from './jobs.ts';
import { crmRoutes } from './routes.ts';
import { crmWork } from './work.ts';

export { insertLead, insertNote, type NewLead } from './store.ts';
export { sendFollowUpNotices } from './jobs.ts';

export const crmModule: BackendModule = { name: 'crm', setup: setupCrmJobs, routes: crmRoutes, work: crmWork };
