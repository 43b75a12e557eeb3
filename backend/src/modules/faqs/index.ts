/** FAQs: questions and answers in English and Arabic, ordered in categories, and the website's public read. */
import type { BackendModule } from '../../lib/module.ts';
import { faqRoutes } from './routes.ts';
import { faqsWork } from './work.ts';

export const faqsModule: BackendModule = { name: 'faqs', routes: faqRoutes, work: faqsWork };
