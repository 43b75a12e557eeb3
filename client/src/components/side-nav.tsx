import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { isGroup, isHighlighted, navForRole, type NavGroup, type RouteEntry } from '../../../common/access.ts';
import { isStaffRole } from '../../../common/roles.ts';
import { Icon } from './icon.tsx';
import { session } from '../state/session.ts';
import { AppLink } from './app-link.tsx';

const SKELETON_ROWS = 8;

/** The side navigation of the signed-in role, read from the one route table. */
export function SideNav() {
  useSignals();
  const role = session.value.role;
  const [location] = useLocation();
  const items = isStaffRole(role) ? navForRole(role) : [];
  if (items.length === 0) return <NavSkeleton />;
  return (
    <nav className="side-nav" aria-label="Main">
      <ul className="side-nav__list">
        {items.map((item) =>
          isGroup(item) ? (
            <NavGroupItem key={item.id} group={item} location={location} />
          ) : (
            <li key={item.id}>
              <NavEntry entry={item} location={location} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function NavEntry({ entry, location }: { entry: RouteEntry; location: string }) {
  const highlighted = isHighlighted(entry, location);
  return (
    <AppLink href={entry.path} className={highlighted ? 'side-nav__link side-nav__link--active' : 'side-nav__link'}>
      <Icon name={entry.icon} />
      <span>{entry.name}</span>
    </AppLink>
  );
}

function NavGroupItem({ group, location }: { group: NavGroup; location: string }) {
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
        <span>{group.name}</span>
        <span className={expanded ? 'side-nav__chevron side-nav__chevron--open' : 'side-nav__chevron'}>
          <Icon name="chevron-down" size={16} />
        </span>
      </button>
      <ul id={submenuId} className="side-nav__submenu" hidden={!expanded}>
        {group.children.map((child) => (
          <li key={child.id}>
            <NavEntry entry={child} location={location} />
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
