import { describe, expect, it } from 'vitest';
import { parse } from 'regexparam';
import { LOGIN_PATH, ROUTES, decideAccess, firstAllowedPath, isHighlighted, navEntries, navForRole, routeByKey, routeForPath } from '../../../common/access.ts';
import { STAFF_ROLES } from '../../../common/roles.ts';
import { badgeLabel } from '../../../client/src/lib/badge.ts';
import { isExternalHref, pathDepth, safeReturnPath } from '../../../client/src/lib/links.ts';
import { destinationAfterSignIn, loginHref, routePatterns } from '../../../client/src/lib/routing.ts';

const SAMPLE_PATHS = [
  '/',
  '/crm',
  '/crm/',
  '/contactus',
  '/registrations',
  '/registrations/42/verification/',
  '/due-diligence/details/7',
  '/pending-payments',
  '/unsynced-inv',
  '/careers',
  '/settings',
  '/crmx',
  '/talktoexpert',
  '/cfo-enquiries/12',
  '/createjob',
  '/nope/deeper',
];

/** The router's own matcher (wouter uses regexparam patterns, case-insensitive). */
function routerMatch(path: string): string | undefined {
  return ROUTES.find((route) => routePatterns(route).some((pattern) => parse(pattern).pattern.test(path)))?.id;
}

describe('router patterns agree with the access table', () => {
  it.each(SAMPLE_PATHS)('%s routes to the same entry the guard decides on', (path) => {
    expect(routerMatch(path)).toBe(routeForPath(path)?.id);
  });
});

describe('side navigation highlighting', () => {
  const visible = (pathname: string) =>
    navEntries(navForRole('ADMIN'))
      .filter((entry) => isHighlighted(entry, pathname))
      .map((entry) => entry.name);

  it('highlights by first path segment, for deeper pages too', () => {
    expect(visible('/due-diligence/details/7')).toEqual(['Due Diligence']);
    expect(visible('/')).toEqual(['Home']);
    expect(visible('/crm')).toEqual(['CRM']);
  });

  it.each(['talktoexpert', 'cfo-enquiries', 'fundability', 'difc'])('highlights Website Enquiries on /%s', (segment) => {
    expect(visible(`/${segment}`)).toEqual(['Website Enquiries']);
  });

  it('highlights Careers on /createjob', () => {
    expect(visible('/createjob/3')).toEqual(['Careers']);
  });

  it('highlights nothing on an unknown page', () => {
    expect(visible('/nope')).toEqual([]);
  });
});

describe('login redirect and deep links', () => {
  it('remembers the asked-for page in the login link', () => {
    expect(loginHref('/due-diligence?page=2')).toBe('/auth/login?next=%2Fdue-diligence%3Fpage%3D2');
  });

  it('does not remember home, the login page itself or foreign targets', () => {
    expect(loginHref('/')).toBe(LOGIN_PATH);
    expect(loginHref('/auth/login?next=%2Fcrm')).toBe(LOGIN_PATH);
    expect(loginHref('//evil.example/x')).toBe(LOGIN_PATH);
  });

  it('returns to the remembered page when the role may open it', () => {
    expect(destinationAfterSignIn('ADMIN', '/due-diligence/details/4')).toBe('/due-diligence/details/4');
    expect(destinationAfterSignIn('MARKETING', '/contactus')).toBe('/contactus');
  });

  it('sends a role to its first entry when the remembered page is forbidden, unknown or unsafe', () => {
    expect(destinationAfterSignIn('MARKETING', '/users')).toBe('/crm');
    expect(destinationAfterSignIn('HR_MANAGER', '/')).toBe('/unsynced-inv');
    expect(destinationAfterSignIn('BOOKKEEPER', '/nope')).toBe('/');
    expect(destinationAfterSignIn('ADMIN', 'https://evil.example/')).toBe('/');
    expect(destinationAfterSignIn('ADMIN', '//evil.example/')).toBe('/');
    expect(destinationAfterSignIn('REVIEWER', null)).toBe('/');
  });

  it('sends a non-staff account to / where the guard shows the access-denied view', () => {
    expect(destinationAfterSignIn('CLIENT', '/crm')).toBe('/');
    expect(destinationAfterSignIn(null, '/crm')).toBe('/');
  });
});

describe('the guard on a forbidden route', () => {
  it.each(STAFF_ROLES)('redirects %s from every route it may not see to its first entry', (role) => {
    for (const route of ROUTES) {
      const access = decideAccess(role, route.path === '/' ? '/' : `${route.path}/deeper`);
      if (route.permission.includes(role)) expect(access.kind).toBe('allowed');
      else expect(access).toEqual({ kind: 'forbidden', route, home: firstAllowedPath(role) });
    }
  });

  it('lets every staff role open settings', () => {
    for (const role of STAFF_ROLES) expect(decideAccess(role, routeByKey('settings').path).kind).toBe('allowed');
  });
});

describe('link helpers', () => {
  it('treats http, https and mailto as external, the rest as internal', () => {
    expect(isExternalHref('https://example.com')).toBe(true);
    expect(isExternalHref('http://example.com')).toBe(true);
    expect(isExternalHref('mailto:help@example.com')).toBe(true);
    expect(isExternalHref('/crm')).toBe(false);
    expect(isExternalHref('httpdocs')).toBe(false);
  });

  it('accepts only same-origin absolute paths as return targets', () => {
    expect(safeReturnPath('/crm?x=1')).toBe('/crm?x=1');
    expect(safeReturnPath('crm')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it('counts path depth for the top bar', () => {
    expect(pathDepth('/')).toBe(0);
    expect(pathDepth('/crm')).toBe(1);
    expect(pathDepth('/crm/')).toBe(1);
    expect(pathDepth('/due-diligence/details/4')).toBe(3);
  });

  it('caps the notification badge at 99+', () => {
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
  });
});
