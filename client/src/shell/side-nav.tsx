import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { canSee, isGroup, isHighlighted, navForRole, type NavGroup, type RouteEntry, type RouteKey } from '../../../common/access.ts';
import { ONBOARDING_PAGES, isOnboardingPage } from '../../../common/onboarding.ts';
import type { RegistrationCounts } from '../../../common/contract/registrations.ts';
import { isStaffRole } from '../../../common/roles.ts';
import { AppLink } from '../components/app-link.tsx';
import { Icon } from '../components/icon.tsx';
import { useRegistrationCounts } from '../features/registrations/api.ts';
// service desk (issue 19): the Chats entry shows the caller's unread total
import { useChatUnread } from '../features/chats/api.ts';
// Invoices (issue 20): the Unsynced Inv entry shows how many invoices need attention.
import { useNeedsAttentionCount } from '../features/unsynced-inv/api.ts';
// Growth and content (issue 21): Website Enquiries counts its new enquiries.
import { useEnquiryCounts } from '../features/contactus/api.ts';
import { badgeLabel } from '../lib/links.ts';
import { session } from '../state/session.ts';

const SKELETON_ROWS = 8;

/**
 * The side navigation of the signed-in role, read from the one route table. Below 1200 px it shows only
 * the icons (shell.css); each label stays in the link for screen readers and shows beside it on hover and
 * focus.
 */
export function SideNav() {
  useSignals();
  const role = session.value.role;
  const [location] = useLocation();
  const items = isStaffRole(role) ? navForRole(role) : [];
  const registrationCounts = useRegistrationCounts(isStaffRole(role) && ONBOARDING_PAGES.some((page) => canSee(role, page)));
  const chatUnread = useChatUnread(isStaffRole(role) && canSee(role, 'chats'));
  const needsAttention = useNeedsAttentionCount(isStaffRole(role) && canSee(role, 'unsynced-inv'));
  const enquiryCounts = useEnquiryCounts(isStaffRole(role) && canSee(role, 'contactus'));
  const counts: Counts = { ...registrationCounts, chats: chatUnread, 'unsynced-inv': needsAttention, contactus: enquiryCounts?.new_total };
  if (items.length === 0) return <NavSkeleton />;
  return (
    <nav className="side-nav" aria-label="Main">
      <ul className="side-nav__list">
        {items.map((item) =>
          isGroup(item) ? (
            <NavGroupItem key={item.id} group={item} location={location} counts={counts} />
          ) : (
            <li key={item.id} className="side-nav__item">
              <NavEntry entry={item} location={location} counts={counts} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

type Counts = RegistrationCounts['counts'] & { chats?: number; 'unsynced-inv'?: number; contactus?: number };

/** What a count beside an entry means, for a screen reader; an onboarding entry's count is what waits there. */
const NAV_COUNT_WORDS: Partial<Record<RouteKey, string>> = { chats: ' unread', 'unsynced-inv': ' need attention', contactus: ' new' };

/** An onboarding entry carries how many registrations wait there, as the link's description. */
function NavEntry({ entry, location, counts }: { entry: RouteEntry; location: string; counts: Counts }) {
  const highlighted = isHighlighted(entry, location);
  const count = isOnboardingPage(entry.id) || entry.id in NAV_COUNT_WORDS ? counts[entry.id as keyof Counts] : undefined;
  const countId = useId();
  return (
    <>
      <AppLink
        href={entry.path}
        className={highlighted ? 'side-nav__link side-nav__link--active' : 'side-nav__link'}
        aria-describedby={count ? countId : undefined}
      >
        <Icon name={entry.icon} />
        <span className="side-nav__label">{entry.name}</span>
      </AppLink>
      {count ? (
        <span id={countId} className="side-nav__count">
          {badgeLabel(count)}
          <span className="visually-hidden">{NAV_COUNT_WORDS[entry.id] ?? ' waiting'}</span>
        </span>
      ) : null}
    </>
  );
}

function NavGroupItem({ group, location, counts }: { group: NavGroup; location: string; counts: Counts }) {
  const containsCurrent = group.children.some((child) => isHighlighted(child, location));
  const [expanded, setExpanded] = useState(containsCurrent);
  // Opening the group when navigation enters it, while still letting the user collapse it.
  const [wasCurrent, setWasCurrent] = useState(containsCurrent);
  if (containsCurrent !== wasCurrent) {
    setWasCurrent(containsCurrent);
    if (containsCurrent) setExpanded(true);
  }
  const submenuId = useId();
  return (
    <li>
      <button
        type="button"
        className={containsCurrent ? 'side-nav__link side-nav__group side-nav__group--current' : 'side-nav__link side-nav__group'}
        aria-expanded={expanded}
        aria-controls={submenuId}
        onClick={() => setExpanded(!expanded)}
      >
        <Icon name={group.icon} />
        <span className="side-nav__label">{group.name}</span>
        <span className={expanded ? 'side-nav__chevron side-nav__chevron--open' : 'side-nav__chevron'}>
          <Icon name="chevron-down" size={16} />
        </span>
      </button>
      <ul id={submenuId} className="side-nav__submenu" hidden={!expanded}>
        {group.children.map((child) => (
          <li key={child.id} className="side-nav__item">
            <NavEntry entry={child} location={location} counts={counts} />
          </li>
        ))}
      </ul>
    </li>
  );
}

function NavSkeleton() {
  return (
    <div className="side-nav side-nav--skeleton" aria-hidden="true">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <span key={index} className="skeleton-row" />
      ))}
    </div>
  );
}
