import { useContext, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { isGroup, isHighlighted, navForRole, type NavGroup, type RouteEntry } from '../../../common/access.ts';
import { isStaffRole } from '../../../common/roles.ts';
import { AppLink } from '../components/app-link.tsx';
import { Icon } from '../components/icon.tsx';
import { badgeLabel } from '../lib/badge.ts';
import { session } from '../state/session.ts';
import { NavCountsContext, type NavCounts } from './nav-counts.ts';

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
  const useNavCounts = useContext(NavCountsContext);
  const counts = useNavCounts(role);
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

/** An entry with a count (registrations waiting there, unread chats) carries it as the link's description. */
function NavEntry({ entry, location, counts }: { entry: RouteEntry; location: string; counts: NavCounts }) {
  const highlighted = isHighlighted(entry, location);
  const count = counts[entry.id]?.count;
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
          <span className="visually-hidden">{counts[entry.id]?.words}</span>
        </span>
      ) : null}
    </>
  );
}

function NavGroupItem({ group, location, counts }: { group: NavGroup; location: string; counts: NavCounts }) {
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
