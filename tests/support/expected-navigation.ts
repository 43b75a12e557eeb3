/**
 * What each staff role sees and where it lands, written by hand from the spec's route table (section 2),
 * not derived from common/access.ts, so the unit and browser tests check the table against the spec.
 * Groups read 'Group > Child'.
 */
import type { StaffRole } from '../../common/roles.ts';

const FULL_ONBOARDING = [
  'Onboarding > Registration',
  'Onboarding > Call Schedule',
  'Onboarding > Due Diligence',
  'Onboarding > Plan Approval',
  'Onboarding > Activation',
];

export const EXPECTED_NAVIGATION: Record<StaffRole, { lands: string; entries: string[] }> = {
  ADMIN: {
    lands: '/',
    entries: [
      'Home',
      'CRM',
      'Website Enquiries',
      ...FULL_ONBOARDING,
      'Invoice > Unsynced Inv',
      'On-demand Requests',
      'Tasks',
      'Capacity',
      'Chats',
      'Clients',
      'Users',
      'Audit',
      'goAML Register',
      'Sanctions lists',
      'FAQs',
      'Careers',
      'Timesheet',
      'Practice',
    ],
  },
  BOOKKEEPER: { lands: '/', entries: ['Home', 'Invoice > Unsynced Inv', 'On-demand Requests', 'Tasks', 'Chats', 'Clients', 'Timesheet'] },
  REVIEWER: {
    lands: '/',
    entries: ['Home', 'Onboarding > Call Schedule', 'Invoice > Unsynced Inv', 'On-demand Requests', 'Tasks', 'Chats', 'Clients', 'Timesheet'],
  },
  BD_EXEC: {
    lands: '/',
    entries: ['Home', 'Website Enquiries', 'Onboarding > Registration', 'Onboarding > Call Schedule', 'Invoice > Unsynced Inv', 'Timesheet'],
  },
  BD_MANAGER: { lands: '/', entries: ['Home', 'CRM', 'Website Enquiries', ...FULL_ONBOARDING, 'Invoice > Unsynced Inv', 'Capacity', 'Timesheet'] },
  HR_MANAGER: { lands: '/unsynced-inv', entries: ['Invoice > Unsynced Inv', 'Capacity', 'Careers', 'Timesheet'] },
  MARKETING: { lands: '/crm', entries: ['CRM', 'Website Enquiries', 'Timesheet'] },
};
