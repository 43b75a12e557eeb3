/**
 * The reference back end against its real PGlite database (in memory, demo data seeded) and the real Auth
 * emulator: every endpoint, its filters and pagination edges, role enforcement for every role and the
 * error shapes.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { routeByKey, type RouteKey } from '../../common/access.ts';
import type { RegistrationListItem, UserStatusResponse } from '../../common/contract/registrations.ts';
import type { Page } from '../../common/contract/shared.ts';
import type { StaffUser } from '../../common/contract/users.ts';
import { CLIENT_ROLES, ROLES, STAFF_ROLES, type Role } from '../../common/roles.ts';
import { STAGES } from '../../common/stages.ts';
import { RESUBMISSION_EVENTS } from '../../backend/src/modules/registrations/seed-lines.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { auth, createUsers, forgeEmulatorToken, signUpUnverified, startBackend, type TestUser } from './support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;

const as = (role: Role) => auth(users.get(role)!.token);
const get = (url: string, role: Role = 'ADMIN') => app.inject({ method: 'GET', url, headers: as(role) });

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'api');
});
afterAll(() => app?.close());

describe('authentication', () => {
  it('answers 401 UNAUTHORIZED without an Authorization header', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/users/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errorCode: 'UNAUTHORIZED', message: expect.any(String) });
  });

  it.each([
    ['another scheme', 'Bearer abc'],
    ['no token', 'Firebase'],
    ['a garbage token', 'Firebase not-a-jwt'],
    ['a token of another project', `Firebase ${forgeEmulatorToken({ projectId: 'demo-other-project', uid: 'x' })}`],
  ])('answers 401 AUTHENTICATION_FAILED for %s', async (_name, header) => {
    const response = await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: header } });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('AUTHENTICATION_FAILED');
  });

  it('answers 401 TOKEN_EXPIRED for an expired token', async () => {
    const token = forgeEmulatorToken({ projectId: TEST_PROJECT_ID, uid: 'expired-user', issuedSecondsAgo: 7200, lifetimeSeconds: 3600 });
    const response = await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errorCode: 'TOKEN_EXPIRED', message: expect.any(String) });
  });

  it('refuses a valid token whose user has no row (403), and an unverified e-mail never links to a row', async () => {
    const stranger = await signUpUnverified(emulatorHost, `api-stranger-${Date.now()}@example.test`);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(stranger) })).statusCode).toBe(403);

    const email = `api-unverified-${Date.now()}@example.test`;
    await app.db.query("INSERT INTO users (email, role) VALUES ($1, 'ADMIN')", [email]);
    const unverified = await signUpUnverified(emulatorHost, email);
    const response = await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(unverified) });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('FORBIDDEN');
  });

  it('binds the row to the Firebase uid on first sign-in, so later e-mail changes keep the mapping', async () => {
    const admin = users.get('ADMIN')!;
    expect((await get('/api/users/me')).statusCode).toBe(200);
    const [row] = await app.db.query<{ firebase_uid: string | null }>('SELECT firebase_uid FROM users WHERE email = $1', [admin.email]);
    expect(row?.firebase_uid).toMatch(/\S+/);
    await app.db.query("UPDATE users SET email = 'renamed-' || email WHERE email = $1", [admin.email]);
    try {
      expect((await get('/api/users/me')).json().role).toBe('ADMIN');
    } finally {
      await app.db.query("UPDATE users SET email = substr(email, 9) WHERE email = $1", [`renamed-${admin.email}`]);
    }
  });

  it('never rebinds a row bound to another provider account, even for the same verified e-mail', async () => {
    const admin = users.get('ADMIN')!;
    expect((await get('/api/users/me')).statusCode).toBe(200);
    const [row] = await app.db.query<{ firebase_uid: string }>('SELECT firebase_uid FROM users WHERE email = $1', [admin.email]);
    await app.db.query("UPDATE users SET firebase_uid = 'another-account' WHERE email = $1", [admin.email]);
    try {
      const response = await get('/api/users/me');
      expect(response.statusCode).toBe(403);
      expect(response.json().errorCode).toBe('FORBIDDEN');
    } finally {
      await app.db.query('UPDATE users SET firebase_uid = $1 WHERE email = $2', [row!.firebase_uid, admin.email]);
    }
    expect((await get('/api/users/me')).json().role).toBe('ADMIN');
  });
});

describe('GET /api/users/me', () => {
  it.each(ROLES)('answers the profile of a %s', async (role) => {
    const response = await get('/api/users/me', role);
    expect(response.statusCode).toBe(200);
    const me = response.json();
    expect(me).toEqual({
      display_name: `Test ${role}`,
      email: users.get(role)!.email,
      id: expect.any(Number),
      role,
      profile_picture: null,
      profile: { id: expect.any(Number) },
      second_factor_missing: false,
    });
  });

  it('accepts the path with a trailing slash', async () => {
    expect((await get('/api/users/me/')).json().role).toBe('ADMIN');
  });
});

describe('GET /api/registrations/', () => {
  const list = async (query: string, role: Role = 'ADMIN') => {
    const response = await get(`/api/registrations/${query}`, role);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<RegistrationListItem>>();
  };

  const total = async () => (await app.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM registrations'))[0]!.count;

  it('lists every registration newest first in the list envelope, 20 a page', async () => {
    const page = await list('');
    expect(page.count).toBe(await total());
    expect(page.total_pages).toBe(Math.ceil(page.count / 20));
    expect(page.results).toHaveLength(20);
    expect(page.previous).toBeNull();
    expect(new URL(page.next!, 'http://console.test').searchParams.get('page')).toBe('2');
    const item = page.results[0]!;
    expect(Object.keys(item).sort()).toEqual(
      [
        'date_joined', 'id', 'legal_name', 'recieved_on', 'registration_id', 'requested_on', 'status',
        'stage', 'review_state', 'meeting_at', 'meeting_booked_by', 'plan_name', 'plan_amount_aed', 'payment_date',
        'phase', 'version', 'meeting_ends_at', 'meeting_host_id', 'meeting_host', 'meeting_mode', 'meeting_outcome',
        'plan_cycle', 'plan_total_fils', 'payment_method', 'payment_reference', 'last_reminded_at',
      ].sort(),
    );
    const joined = page.results.map((entry) => Date.parse(entry.date_joined));
    expect(joined).toEqual([...joined].sort((a, b) => b - a));
    expect(Math.max(...joined)).toBeLessThanOrEqual(Date.now());
  });

  it('accepts the path without its trailing slash', async () => {
    expect((await get('/api/registrations?page_size=1')).json().count).toBe(await total());
  });

  it('filters the due-diligence list by stage and status, with both coloured statuses and dashes for missing receipts', async () => {
    const page = await list('?stage=documents_submitted&status=active&page_size=100');
    const [{ count } = { count: 0 }] = await app.db.query<{ count: number }>(
      "SELECT count(*)::integer AS count FROM registrations WHERE stage = 'documents_submitted' AND status = 'active'",
    );
    expect(page.count).toBe(count);
    expect(page.count).toBeGreaterThan(20);
    const statuses = new Set(page.results.map((item) => item.status));
    expect(statuses).toEqual(new Set(['Awaiting Documents', 'Pending Due Diligence', 'Pending Plan Approval', 'Awaiting Payment', 'Returned for Correction']));
    for (const item of page.results) {
      expect(item.requested_on).not.toBeNull();
      if (item.status === 'Awaiting Documents') expect(item.recieved_on).toBeNull();
      else expect(Date.parse(item.recieved_on!)).toBeGreaterThanOrEqual(Date.parse(item.requested_on!));
    }
  });

  it('covers every stage, and status=inactive lists the withdrawn ones', async () => {
    for (const stage of STAGES) expect((await list(`?stage=${stage}`)).count, stage).toBeGreaterThan(0);
    const inactive = await list('?status=inactive');
    expect(inactive.count).toBeGreaterThan(0);
    expect(inactive.results.every((item) => item.status === 'Withdrawn')).toBe(true);
  });

  it('searches company names case-insensitively and literally', async () => {
    const page = await list('?search=%20al%20NOOR%20');
    expect(page.results.map((item) => item.legal_name)).toEqual(['Al Noor Trading LLC']);
    expect((await list('?search=%25')).count).toBe(0);
    expect((await list('?search=_')).count).toBe(0);
    const llc = await list('?search=llc&page_size=100');
    expect(llc.count).toBeGreaterThan(10);
    expect(llc.results.every((item) => item.legal_name.toLowerCase().includes('llc'))).toBe(true);
  });

  it('pages with page and page_size, keeping the other query parameters in next and previous', async () => {
    const second = await list('?status=active&page=2&page_size=7');
    expect(second.results).toHaveLength(7);
    const next = new URL(second.next!, 'http://console.test');
    const previous = new URL(second.previous!, 'http://console.test');
    expect([next.searchParams.get('page'), next.searchParams.get('page_size'), next.searchParams.get('status')]).toEqual(['3', '7', 'active']);
    expect(previous.searchParams.get('page')).toBe('1');
    expect(next.pathname).toBe('/api/registrations/');
    const first = await list('?status=active&page=1&page_size=7');
    expect(first.results.map((item) => item.id)).not.toContain(second.results[0]!.id);
  });

  it('answers an empty last-plus-one page rather than an error, pointing back at the last page', async () => {
    const count = await total();
    const lastPage = Math.ceil(count / 20);
    const last = await list(`?page=${lastPage}`);
    expect(last.results).toHaveLength(count - (lastPage - 1) * 20);
    expect(last.next).toBeNull();
    const beyond = await list(`?page=${lastPage + 6}`);
    expect(beyond).toMatchObject({ count, total_pages: lastPage, next: null, results: [] });
    expect(new URL(beyond.previous!, 'http://console.test').searchParams.get('page')).toBe(String(lastPage));
  });

  it('serves page_size up to 100 and refuses more, naming it, instead of cutting it silently', async () => {
    const page = await list('?page_size=100');
    expect(await total()).toBeGreaterThan(100);
    expect(page.results).toHaveLength(100);
    expect(page.total_pages).toBe(Math.ceil((await total()) / 100));
    const response = await get('/api/registrations/?page_size=101');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'INVALID_INPUT', message: 'Page size must be at most 100.', field: 'page_size' });
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['page=1e20', 'page'],
    ['page_size=0', 'page_size'],
    ['page_size=ten', 'page_size'],
    ['stage=sleeping', 'stage'],
    ['status=maybe', 'status'],
    ['search=a%00b', 'search'],
    ['page=Infinity', 'page'],
    ['page=%2012', 'page'],
    ['page=0x10', 'page'],
    ['page=', 'page'],
    ['page=1&page=2', 'page'],
    ['page=99999999999999999999', 'page'],
    ['colour=red', 'colour'],
  ])('rejects %s with INVALID_INPUT naming %s', async (query, field) => {
    const response = await get(`/api/registrations/?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toEqual({ errorCode: 'INVALID_INPUT', message: expect.stringMatching(/^[A-Z].*\.$/), field });
  });
});

describe('GET /api/users/{userId}/status', () => {
  const registrationOwner = async (where: string) => {
    const [row] = await app.db.query<{ user_id: number }>(`SELECT r.user_id FROM registrations r WHERE ${where} ORDER BY r.id LIMIT 1`);
    return row!.user_id;
  };

  it('answers the seven steps in order with completed / active / pending around the current stage', async () => {
    const userId = await registrationOwner("stage = 'meeting_scheduled' AND status = 'active' AND meeting_outcome IS NULL");
    const response = await get(`/api/users/${userId}/status`);
    expect(response.statusCode).toBe(200);
    const body = response.json<UserStatusResponse>();
    expect(body.status.map((step) => step.field_name)).toEqual([...STAGES]);
    expect(body.status.map((step) => step.status)).toEqual(['completed', 'completed', 'completed', 'active', 'pending', 'pending', 'pending']);
    expect(body.status[0]!.status_text).toBe('Signed Up');
    expect(body.current_status.length).toBeGreaterThanOrEqual(4);
    expect(body.current_status.at(-1)!.status_text).toBe('Onboarding call scheduled');
  });

  it('carries the resubmission in the current_status history of one registration', async () => {
    const [row] = await app.db.query<{ user_id: number }>(
      'SELECT r.user_id FROM registrations r JOIN registration_events e ON e.registration_id = r.id WHERE e.status_text = $1',
      [RESUBMISSION_EVENTS[1]],
    );
    const body = (await get(`/api/users/${row!.user_id}/status/`)).json<UserStatusResponse>();
    const texts = body.current_status.map((entry) => entry.status_text);
    expect(texts).toEqual(expect.arrayContaining([...RESUBMISSION_EVENTS]));
    expect(texts.indexOf(RESUBMISSION_EVENTS[1])).toBe(texts.indexOf(RESUBMISSION_EVENTS[0]) + 1);
    const times = body.current_status.map((entry) => Date.parse(entry.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('answers 404 for a user without a registration and 400 for a malformed id', async () => {
    const staff = (await get('/api/users/me')).json().id;
    expect((await get(`/api/users/${staff}/status`)).json()).toEqual({ errorCode: 'NOT_FOUND', message: expect.any(String) });
    expect((await get('/api/users/99999999/status')).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-3', '99999999999']) {
      const response = await get(`/api/users/${bad}/status`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().field).toBe('userId');
    }
  });
});

describe('GET /api/users/ and /api/users/user-role-choices/', () => {
  it('lists staff only with role__not__in, more than one page of them, sorted by name', async () => {
    const response = await get('/api/users/?role__not__in=CLIENT_ACCOUNT_MANAGER,CLIENT&page=1');
    expect(response.statusCode).toBe(200);
    const page = response.json<Page<StaffUser>>();
    expect(page.total_pages).toBeGreaterThan(1);
    expect(page.results).toHaveLength(20);
    expect(page.results.every((user) => (STAFF_ROLES as readonly string[]).includes(user.role))).toBe(true);
    const names = page.results.map((user) => (user.display_name ?? user.email).toLowerCase());
    expect(names).toEqual([...names].sort());
    const second = (await get(page.next!.replace(/^https?:\/\/[^/]+/, ''))).json<Page<StaffUser>>();
    expect(second.results.length).toBeGreaterThan(0);
    expect(second.results.every((user) => !(CLIENT_ROLES as readonly string[]).includes(user.role))).toBe(true);
  });

  it('filters by role__in and searches names and e-mails', async () => {
    const bookkeepers = (await get('/api/users/?role__in=BOOKKEEPER&page_size=100')).json<Page<StaffUser>>();
    expect(bookkeepers.count).toBeGreaterThan(1);
    expect(bookkeepers.results.every((user) => user.role === 'BOOKKEEPER')).toBe(true);
    const byName = (await get('/api/users/?search=aisha')).json<Page<StaffUser>>();
    expect(byName.results.map((user) => user.email)).toContain('admin@example.com');
    const byMail = (await get(`/api/users/?search=${encodeURIComponent(users.get('MARKETING')!.email.toUpperCase())}`)).json<Page<StaffUser>>();
    expect(byMail.results.map((user) => user.role)).toEqual(['MARKETING']);
  });

  it('rejects an unknown role with INVALID_INPUT naming the parameter', async () => {
    const response = await get('/api/users/?role__in=ADMIN,KING');
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('role__in');
  });

  it('answers every role with its label', async () => {
    const response = await get('/api/users/user-role-choices/');
    expect(response.json()).toEqual(ROLES.map((role) => ({ value: role, label: expect.any(String) })));
    expect(response.json()).toContainEqual({ value: 'BD_MANAGER', label: 'Bd Manager' });
  });
});

describe('role enforcement', () => {
  const guarded: [string, RouteKey | 'any'][] = [
    ['/api/registrations/?stage=signed_up', 'registrations'],
    ['/api/registrations/?stage=meeting_scheduled&status=active', 'call-schedules'],
    ['/api/registrations/?stage=documents_submitted&status=active&queue=due-diligence', 'due-diligence'],
    ['/api/registrations/?queue=pending-payments', 'pending-payments'],
    ['/api/registrations/?stage=payment_completed&status=active', 'pending-activation'],
    ['/api/users/?role__not__in=CLIENT_ACCOUNT_MANAGER,CLIENT', 'users'],
    ['/api/users/user-role-choices/', 'users'],
    ['/api/users/me', 'any'],
    ['/api/users/me/push-token', 'any'],
  ];

  it.each(ROLES)('lets a %s read exactly what its console pages show', async (role) => {
    for (const [url, route] of guarded) {
      const allowed = route === 'any' || (routeByKey(route).permission as readonly string[]).includes(role);
      const response = await get(url, role);
      if (allowed) expect(response.statusCode, `${role} ${url}`).not.toBe(403);
      else expect(response.json(), `${role} ${url}`).toEqual({ errorCode: 'FORBIDDEN', message: expect.any(String) });
      if (!allowed) expect(response.statusCode).toBe(403);
    }
  });

  it('matches the spec on the cases it names', async () => {
    expect((await get('/api/users/', 'ADMIN')).statusCode).toBe(200);
    expect((await get('/api/users/', 'BD_MANAGER')).statusCode).toBe(403);
    expect((await get('/api/registrations/?stage=documents_submitted&status=active', 'BD_MANAGER')).statusCode).toBe(200);
    expect((await get('/api/registrations/?stage=documents_submitted&status=active', 'BD_EXEC')).statusCode).toBe(403);
    expect((await get('/api/registrations/?stage=meeting_scheduled&status=active', 'REVIEWER')).statusCode).toBe(200);
    expect((await get('/api/registrations/', 'REVIEWER')).statusCode).toBe(403);
    expect((await get('/api/registrations/', 'CLIENT')).statusCode).toBe(403);
    expect((await get('/api/users/1/status', 'HR_MANAGER')).statusCode).toBe(403);
  });
});

describe('devices and the push token', () => {
  const fcmToken = (suffix: string) => `dGVzdC${suffix}:APA91b${'x'.repeat(150)}`;
  const post = (body: unknown, role: Role = 'BOOKKEEPER') =>
    app.inject({ method: 'POST', url: '/api/devices/', headers: as(role), payload: body as object });

  it('registers a device once however often it is posted, and finds it again', async () => {
    const device = { registration_id: fcmToken('one'), device: 'Web browser', active: true, type: 'web' };
    const created = await post(device);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual(device);
    const again = await post(device);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(device);
    const [{ count } = { count: 0 }] = await app.db.query<{ count: number }>(
      'SELECT count(*)::integer AS count FROM devices WHERE registration_id = $1',
      [device.registration_id],
    );
    expect(count).toBe(1);
    const found = await get(`/api/devices/${encodeURIComponent(device.registration_id)}`, 'BOOKKEEPER');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual(device);
    expect((await get(`/api/devices/${encodeURIComponent(device.registration_id)}/`, 'BOOKKEEPER')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown device and for another user’s, and moves a token to the user who posts it last', async () => {
    expect((await get('/api/devices/never-registered', 'BOOKKEEPER')).json()).toEqual({ errorCode: 'NOT_FOUND', message: expect.any(String) });
    const unstorable = await get('/api/devices/a%00b', 'BOOKKEEPER');
    expect(unstorable.statusCode).toBe(400);
    expect(unstorable.json().field).toBe('registrationId');
    expect((await get('/api/users/?search=%00')).statusCode).toBe(400);
    const device = { registration_id: fcmToken('two'), device: 'Web browser', active: true, type: 'web' };
    await post(device, 'REVIEWER');
    expect((await get(`/api/devices/${encodeURIComponent(device.registration_id)}`, 'ADMIN')).statusCode).toBe(404);
    expect((await post({ ...device, active: false }, 'ADMIN')).statusCode).toBe(200);
    expect((await get(`/api/devices/${encodeURIComponent(device.registration_id)}`, 'ADMIN')).json().active).toBe(false);
    expect((await get(`/api/devices/${encodeURIComponent(device.registration_id)}`, 'REVIEWER')).statusCode).toBe(404);
  });

  it.each([
    ['a missing registration_id', { device: 'Web', active: true, type: 'web' }, 'registration_id'],
    ['an empty registration_id', { registration_id: '', device: 'Web', active: true, type: 'web' }, 'registration_id'],
    ['a non-boolean active', { registration_id: 'abc', device: 'Web', active: 'yes', type: 'web' }, 'active'],
    ['an unknown type', { registration_id: 'abc', device: 'Web', active: true, type: 'fax' }, 'type'],
    ['a NUL in registration_id', { registration_id: 'a\u0000b', device: 'Web', active: true, type: 'web' }, 'registration_id'],
    ['a control character in device', { registration_id: 'abc', device: 'We\u0000b', active: true, type: 'web' }, 'device'],
  ])('rejects %s with INVALID_INPUT naming the field', async (_name, body, field) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('INVALID_INPUT');
    expect(response.json().field).toBe(field);
  });

  it('rejects a body that is not JSON, and one that is too large', async () => {
    const garbled = await app.inject({ method: 'POST', url: '/api/devices/', headers: { ...as('ADMIN'), 'content-type': 'application/json' }, payload: '{"registration_id":' });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().errorCode).toBe('INVALID_INPUT');
    const huge = await post({ registration_id: 'x'.repeat(100_000), device: 'Web', active: true, type: 'web' });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errorCode).toBe('PAYLOAD_TOO_LARGE');
  });

  it('checks and registers the signed-in user’s own push token', async () => {
    const url = '/api/users/me/push-token';
    expect((await get(url, 'HR_MANAGER')).statusCode).toBe(404);
    const put = (token: unknown) => app.inject({ method: 'PUT', url, headers: as('HR_MANAGER'), payload: { token } });
    const first = await put(fcmToken('push1'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ token: fcmToken('push1'), updated_at: expect.any(String) });
    expect(Math.abs(Date.parse(first.json().updated_at) - Date.now())).toBeLessThan(60_000);
    expect((await get(url, 'HR_MANAGER')).json()).toEqual(first.json());
    const second = await put(fcmToken('push2'));
    expect(second.json().token).toBe(fcmToken('push2'));
    expect(Date.parse(second.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(first.json().updated_at));
    expect((await get(`${url}/`, 'HR_MANAGER')).json().token).toBe(fcmToken('push2'));
    expect((await get(url, 'MARKETING')).statusCode).toBe(404);
    for (const token of ['', 'with space', 'nul\u0000']) {
      const bad = await put(token);
      expect(bad.statusCode, JSON.stringify(token)).toBe(400);
      expect(bad.json().field).toBe('token');
    }
  });
});

describe('errors', () => {
  it('answers unknown paths 404 in the error shape to a signed-in caller, and tells a stranger nothing about /api/', async () => {
    for (const [url, headers, status, errorCode] of [
      ['/api/nothing-here', as('ADMIN'), 404, 'NOT_FOUND'],
      ['/nothing-here', {}, 404, 'NOT_FOUND'],
      ['/api/nothing-here', {}, 401, 'UNAUTHORIZED'],
      ['/api/users/me/nothing', as('ADMIN'), 404, 'NOT_FOUND'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(status);
      expect(response.json()).toEqual({ errorCode, message: expect.any(String) });
    }
  });

  it('never writes the request’s Host into links: they are root-relative unless a trusted proxy forwards the host', async () => {
    for (const host of ['bad host', 'a:b:c', '[zz]', 'evil.example']) {
      const response = await app.inject({ method: 'GET', url: '/api/registrations/', headers: { ...as('ADMIN'), host } });
      expect(response.statusCode, host).toBe(200);
      expect(response.json<Page<RegistrationListItem>>().next).toBe('/api/registrations/?page=2');
    }
    // inject() comes from 127.0.0.1, a TRUST_PROXY peer (loopback): the gateway's X-Forwarded-Host is believed.
    const forwarded = await app.inject({ method: 'GET', url: '/api/registrations/', headers: { ...as('ADMIN'), 'x-forwarded-host': 'console.example.com', 'x-forwarded-proto': 'https' } });
    expect(forwarded.json<Page<RegistrationListItem>>().next).toBe('https://console.example.com/api/registrations/?page=2');
  });

  it('answers a failure inside as a bare 500 with no stack trace', async () => {
    const broken = await startBackend(emulatorHost);
    const brokenUsers = await createUsers(broken, emulatorHost, ['ADMIN'], 'broken');
    await broken.db.query('DROP TABLE registration_events');
    await broken.db.query('DROP TABLE registrations CASCADE');
    try {
      const response = await broken.inject({ method: 'GET', url: '/api/registrations/', headers: auth(brokenUsers.get('ADMIN')!.token) });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ errorCode: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' });
      expect(response.body).not.toMatch(/registrations|relation|at .*\.ts/);
    } finally {
      await broken.close();
    }
    // It starts a back end of its own (database, migrations, seed): slow on a busy two-core machine.
  }, 90_000);
});
