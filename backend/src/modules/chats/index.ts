/** Chats: one conversation per client with staff, live through the notification stream; canned replies; reminders fired by every back end's timer, once. */
import type { FastifyInstance } from 'fastify';
import { startJobTimer } from '../../lib/job-timer.ts';
import type { BackendModule, ModuleOptions } from '../../lib/module.ts';
import { fireDueReminders } from './reminder-store.ts';
import { chatRoutes } from './routes.ts';
import { chatsWork } from './work.ts';

export { fireDueReminders, NUDGE_TEXT } from './reminder-store.ts';

async function setup(app: FastifyInstance, { config }: ModuleOptions): Promise<void> {
  startJobTimer(app, 'chat reminders', config.SERVICE_DESK_JOBS_INTERVAL_MS, async () => ({ fired: await fireDueReminders(app.db) }));
}

export const chatsModule: BackendModule = { name: 'chats', setup, routes: chatRoutes, work: chatsWork };
