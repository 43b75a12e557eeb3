/**
 * Each area's counts beside its navigation entries, asked only for the pages the role opens (one call per
 * area, read again on focus, after the area's writes and as the notification stream reports changes). One
 * line per area; the shell shows them (shell/nav-counts.ts).
 */
import { canSee, type RouteKey } from '../../../common/access.ts';
import { ONBOARDING_PAGES } from '../../../common/onboarding.ts';
import { isStaffRole, type Role } from '../../../common/roles.ts';
import { useChatUnread } from '../features/chats/api.ts';
import { useEnquiryCounts } from '../features/contactus/api.ts';
import { useRegistrationCounts } from '../features/registrations/api.ts';
import { useNeedsAttentionCount } from '../features/unsynced-inv/api.ts';
import type { NavCounts } from '../shell/nav-counts.ts';

export function useNavCounts(role: Role | null): NavCounts {
  const opens = (page: RouteKey) => role !== null && isStaffRole(role) && canSee(role, page);
  const registrations = useRegistrationCounts(ONBOARDING_PAGES.some(opens));
  const chats = useChatUnread(opens('chats'));
  const unsynced = useNeedsAttentionCount(opens('unsynced-inv'));
  const enquiries = useEnquiryCounts(opens('contactus'));
  return {
    ...Object.fromEntries(ONBOARDING_PAGES.map((page) => [page, { count: registrations[page], words: ' waiting' }])),
    chats: { count: chats, words: ' unread' },
    'unsynced-inv': { count: unsynced, words: ' need attention' },
    contactus: { count: enquiries?.new_total, words: ' new' },
  };
}
