import { describe, expect, it } from 'vitest';
import {
  decideAccess,
  firstAllowedPath,
  firstSegment,
  isGroup,
  isHighlighted,
  isPublicPath,
  navForRole,
  routeByKey,
  routeForPath,
  type NavItem,
} from '../../common/access.ts';
import { STAFF_ROLES, roleLabel } from '../../common/roles.ts';
import { EXPECTED_NAVIGATION } from '../support/expected-navigation.ts';

/** The side navigation as names, groups as 'Group > Child'. */
function visibleNames(items: NavItem[]): string[] {
  return items.flatMap((item) => (isGroup(item) ? item.children.map((child) => `${item.name} > ${child.name}`) : [item.name]));
}

describe('navigation per role (spec section 2)', () => {
  it.each(STAFF_ROLES)('%s sees exactly its entries, in table order', (role) => {
    expect(visibleNames(navForRole(role))).toEqual(EXPECTED_NAVIGATION[role].entries);
  });

  it('leaves out a group whose children are all hidden (BOOKKEEPER may see Onboarding but none of its pages)', () => {
    expect(navForRole('BOOKKEEPER').map((item) => item.name)).not.toContain('Onboarding');
  });
});

describe('access decisions', () => {
  it.each(STAFF_ROLES)('lands %s on the first entry it may see', (role) => {
    expect(firstAllowedPath(role)).toBe(EXPECTED_NAVIGATION[role].lands);
  });

  it('decides by the first path segment', () => {
    expect(decideAccess('BD_MANAGER', '/due-diligence/details/7')).toMatchObject({ kind: 'allowed', route: { id: 'due-diligence' } });
    // A page the role may not open says so, naming it, and offers the role's first page.
    expect(decideAccess('BD_EXEC', '/due-diligence/details/7')).toMatchObject({ kind: 'forbidden', route: { id: 'due-diligence', name: 'Due Diligence' }, home: '/' });
    expect(decideAccess('MARKETING', '/users')).toMatchObject({ kind: 'forbidden', route: { name: 'Users' }, home: '/crm' });
    expect(decideAccess('ADMIN', '/registrations/12/verification/')).toMatchObject({ kind: 'allowed', route: { id: 'registrations' } });
  });

  it('treats public pages as public before any role check, even under a restricted segment', () => {
    expect(decideAccess('MARKETING', '/users/set-password')).toEqual({ kind: 'public' });
    expect(isPublicPath('/T&C')).toBe(true);
    expect(isPublicPath('/T%26C')).toBe(true);
    expect(isPublicPath('/auth/login/')).toBe(true);
    expect(isPublicPath('/auth')).toBe(false);
  });

  it('sends unknown paths to the not-found page for every role', () => {
    expect(decideAccess('ADMIN', '/no-such-page')).toEqual({ kind: 'not-found' });
  });

  it('routes an alias to its entry, with its permission', () => {
    expect(decideAccess('MARKETING', '/talktoexpert')).toMatchObject({ kind: 'allowed', route: { id: 'contactus' } });
    expect(decideAccess('HR_MANAGER', '/createjob')).toMatchObject({ kind: 'allowed', route: { id: 'careers' } });
    expect(decideAccess('MARKETING', '/createjob').kind).toBe('forbidden');
    expect(routeForPath('/difc/4')?.id).toBe('contactus');
  });

  it('lets every staff role open Settings', () => {
    for (const role of STAFF_ROLES) expect(decideAccess(role, '/settings').kind).toBe('allowed');
  });
});

describe('highlighting', () => {
  it('matches the first segment and the aliases', () => {
    const contact = routeByKey('contactus');
    for (const path of ['/contactus', '/talktoexpert', '/cfo-enquiries/3', '/fundability', '/difc']) {
      expect(isHighlighted(contact, path)).toBe(true);
    }
    expect(isHighlighted(routeByKey('careers'), '/createjob')).toBe(true);
    expect(isHighlighted(routeByKey('home'), '/')).toBe(true);
    expect(isHighlighted(routeByKey('home'), '/crm')).toBe(false);
  });

  it('splits paths into segments the same way everywhere', () => {
    expect(firstSegment('/')).toBe('');
    expect(firstSegment('/registrations/4/verification/?step=signed_up')).toBe('registrations');
    expect(firstSegment('//crm//x')).toBe('crm');
    expect(routeForPath('/crm?tab=1')?.id).toBe('crm');
  });
});

describe('role labels', () => {
  it('capitalises the role and defaults to User', () => {
    expect(roleLabel('BD_MANAGER')).toBe('Bd Manager');
    expect(roleLabel('ADMIN')).toBe('Admin');
    expect(roleLabel(null)).toBe('User');
    expect(roleLabel('')).toBe('User');
  });
});
