/**
 * The one role/route/navigation table (spec sections 2 and 6). The console's router, side navigation and
 * access guard read it, and the back end enforces the same permissions, so a hidden menu entry is never
 * the only guard.
 */
import { STAFF_ROLES, type StaffRole } from './roles.ts';

export type IconName =
  | 'home'
  | 'crm'
  | 'enquiries'
  | 'onboarding'
  | 'registration'
  | 'call'
  | 'diligence'
  | 'plan'
  | 'activation'
  | 'invoice'
  | 'unsynced'
  | 'requests'
  | 'tasks'
  | 'chats'
  | 'clients'
  | 'users'
  | 'audit'
  | 'faqs'
  | 'careers'
  | 'practice'
  | 'settings'
  | 'timesheet';

/** A page the router knows, keyed by the first segment of its path. */
export interface RouteEntry {
  id: RouteKey;
  name: string;
  /** Absolute path; its first segment decides access for every deeper path under it. */
  path: string;
  icon: IconName;
  permission: readonly StaffRole[];
  /** Other first segments that highlight this entry (pages reached from it). */
  aliases?: readonly string[];
}

/** A collapsible group in the side navigation; it has no route of its own. */
export interface NavGroup {
  id: GroupKey;
  name: string;
  path: '';
  icon: IconName;
  permission: readonly StaffRole[];
  collapsible: true;
  children: readonly RouteEntry[];
}

export type NavItem = RouteEntry | NavGroup;

export type RouteKey =
  | 'home'
  | 'crm'
  | 'contactus'
  | 'registrations'
  | 'call-schedules'
  | 'due-diligence'
  | 'pending-payments'
  | 'pending-activation'
  | 'unsynced-inv'
  | 'on-demand-requests'
  | 'tasks'
  | 'capacity'
  | 'chats'
  | 'clients'
  | 'users'
  | 'audit'
  | 'goaml'
  | 'sanctions-lists'
  | 'faqs'
  | 'careers'
  | 'practice'
  | 'settings'
  | 'timesheet';

export type GroupKey = 'onboarding' | 'invoice';

const { ADMIN, BOOKKEEPER, REVIEWER, BD_EXEC, BD_MANAGER, HR_MANAGER, MARKETING } = Object.fromEntries(
  STAFF_ROLES.map((role) => [role, role]),
) as { [R in StaffRole]: R };

const INVOICE_ROLES = [BOOKKEEPER, ADMIN, REVIEWER, BD_EXEC, BD_MANAGER, HR_MANAGER] as const;

/** The side navigation, in display order; the first entry a role may see is where it lands. */
export const NAV_TABLE: readonly NavItem[] = [
  { id: 'home', name: 'Home', path: '/', icon: 'home', permission: [BOOKKEEPER, ADMIN, REVIEWER, BD_EXEC, BD_MANAGER] },
  { id: 'crm', name: 'CRM', path: '/crm', icon: 'crm', permission: [ADMIN, BD_MANAGER, MARKETING] },
  {
    id: 'contactus',
    name: 'Website Enquiries',
    path: '/contactus',
    icon: 'enquiries',
    permission: [ADMIN, BD_EXEC, BD_MANAGER, MARKETING],
    aliases: ['talktoexpert', 'cfo-enquiries', 'fundability', 'difc'],
  },
  {
    id: 'onboarding',
    name: 'Onboarding',
    path: '',
    icon: 'onboarding',
    permission: [BOOKKEEPER, ADMIN, REVIEWER, BD_EXEC, BD_MANAGER],
    collapsible: true,
    children: [
      { id: 'registrations', name: 'Registration', path: '/registrations', icon: 'registration', permission: [ADMIN, BD_EXEC, BD_MANAGER] },
      { id: 'call-schedules', name: 'Call Schedule', path: '/call-schedules', icon: 'call', permission: [ADMIN, BD_MANAGER, REVIEWER, BD_EXEC] },
      { id: 'due-diligence', name: 'Due Diligence', path: '/due-diligence', icon: 'diligence', permission: [ADMIN, BD_MANAGER] },
      { id: 'pending-payments', name: 'Plan Approval', path: '/pending-payments', icon: 'plan', permission: [ADMIN, BD_MANAGER] },
      { id: 'pending-activation', name: 'Activation', path: '/pending-activation', icon: 'activation', permission: [ADMIN, BD_MANAGER] },
    ],
  },
  {
    id: 'invoice',
    name: 'Invoice',
    path: '',
    icon: 'invoice',
    permission: INVOICE_ROLES,
    collapsible: true,
    children: [{ id: 'unsynced-inv', name: 'Unsynced Inv', path: '/unsynced-inv', icon: 'unsynced', permission: INVOICE_ROLES }],
  },
  { id: 'on-demand-requests', name: 'On-demand Requests', path: '/on-demand-requests', icon: 'requests', permission: [BOOKKEEPER, ADMIN, REVIEWER] },
  { id: 'tasks', name: 'Tasks', path: '/tasks', icon: 'tasks', permission: [BOOKKEEPER, ADMIN, REVIEWER] },
  // The managers plan the team's weeks with ADMIN: HR keeps leave in view, business development what it sells.
  { id: 'capacity', name: 'Capacity', path: '/capacity', icon: 'tasks', permission: [ADMIN, BD_MANAGER, HR_MANAGER] },
  { id: 'chats', name: 'Chats', path: '/chats', icon: 'chats', permission: [BOOKKEEPER, ADMIN, REVIEWER] },
  { id: 'clients', name: 'Clients', path: '/clients', icon: 'clients', permission: [BOOKKEEPER, ADMIN, REVIEWER] },
  { id: 'users', name: 'Users', path: '/users', icon: 'users', permission: [ADMIN] },
  { id: 'audit', name: 'Audit', path: '/audit', icon: 'audit', permission: [ADMIN] },
  // Roles alone cannot tell a compliance officer: every ADMIN sees the entry, and the page answers 'not found'
  // to one who is not (the API answers 404), so it never confirms that the register holds anything.
  { id: 'goaml', name: 'goAML Register', path: '/goaml', icon: 'diligence', permission: [ADMIN] },
  { id: 'sanctions-lists', name: 'Sanctions lists', path: '/sanctions-lists', icon: 'diligence', permission: [ADMIN] },
  { id: 'faqs', name: 'FAQs', path: '/faqs', icon: 'faqs', permission: [ADMIN] },
  { id: 'careers', name: 'Careers', path: '/careers', icon: 'careers', permission: [HR_MANAGER, ADMIN], aliases: ['createjob'] },
  // Every staff role logs its own time.
  { id: 'timesheet', name: 'Timesheet', path: '/timesheet', icon: 'timesheet', permission: STAFF_ROLES },
  { id: 'practice', name: 'Practice', path: '/practice', icon: 'practice', permission: [ADMIN] },
];

/**
 * Pages outside the side navigation. The spec does not say who may open Settings; every staff role may,
 * since it is reached from the top bar that every staff user sees.
 */
export const HIDDEN_ROUTES: readonly RouteEntry[] = [
  { id: 'settings', name: 'Settings', path: '/settings', icon: 'settings', permission: STAFF_ROLES },
];

/** Pages that work signed out; matched on the whole path, before any role check. */
/** Where Firebase's password-reset and invite links land (the back end points its action links here). */
export const SET_PASSWORD_PATH = '/users/set-password';

/** Where a user who forgot their password asks for the provider's reset e-mail (linked from the login page). */
export const FORGOT_PASSWORD_PATH = '/auth/forgot-password';

export const PUBLIC_PATHS = ['/auth/login', FORGOT_PASSWORD_PATH, SET_PASSWORD_PATH, '/T&C', '/PrivacyPolicy'] as const;

export const LOGIN_PATH = '/auth/login';

export function isGroup(item: NavItem): item is NavGroup {
  return 'children' in item;
}

/** The pages of a navigation, groups flattened, in order. */
export function navEntries(items: readonly NavItem[]): RouteEntry[] {
  return items.flatMap((item) => (isGroup(item) ? item.children : [item]));
}

/** Every routed page of the table, in navigation order. */
export const ROUTES: readonly RouteEntry[] = [...navEntries(NAV_TABLE), ...HIDDEN_ROUTES];

export function routeByKey(key: RouteKey): RouteEntry {
  const route = ROUTES.find((entry) => entry.id === key);
  if (!route) throw new Error(`No route ${key}`);
  return route;
}

/** '/due-diligence/details/4' -> 'due-diligence'; '/' -> ''. */
export function firstSegment(pathname: string): string {
  return pathname.split(/[?#]/, 1)[0]!.split('/').find((part) => part !== '') ?? '';
}

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PUBLIC_PATHS as readonly string[]).includes(decodeSafely(path));
}

function decodeSafely(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The routed page whose first path segment matches, or undefined for paths the table does not know. An
 * alias is a page of its entry's area (/talktoexpert is a tab of Website Enquiries, /createjob the Careers
 * editor), so it routes to that entry and takes its permission.
 */
export function routeForPath(pathname: string): RouteEntry | undefined {
  const segment = firstSegment(pathname);
  return ROUTES.find((entry) => firstSegment(entry.path) === segment) ?? ROUTES.find((entry) => segment !== '' && (entry.aliases ?? []).includes(segment));
}

/** The side navigation a role sees; a group whose children are all hidden is left out rather than shown empty. */
export function navForRole(role: StaffRole): NavItem[] {
  const items: NavItem[] = [];
  for (const item of NAV_TABLE) {
    if (!item.permission.includes(role)) continue;
    if (!isGroup(item)) {
      items.push(item);
      continue;
    }
    const children = item.children.filter((child) => child.permission.includes(role));
    if (children.length > 0) items.push({ ...item, children });
  }
  return items;
}

/** Where a role lands when it may not see the page it asked for: the first entry of its navigation. */
export function firstAllowedPath(role: StaffRole): string {
  return (navEntries(navForRole(role))[0] ?? HIDDEN_ROUTES[0]!).path;
}

/**
 * A page the role may not open is 'forbidden': the console moves to the role's first page, `home` (spec
 * section 2), and says why, naming the page (forbiddenPageMessage), rather than moving without a word.
 */
export type Access = { kind: 'public' } | { kind: 'allowed'; route: RouteEntry } | { kind: 'not-found' } | { kind: 'forbidden'; route: RouteEntry; home: string };

/** The access decision for one path: public pages pass, unknown paths are the 404 page for everyone. */
export function decideAccess(role: StaffRole, pathname: string): Access {
  if (isPublicPath(pathname)) return { kind: 'public' };
  const route = routeForPath(pathname);
  if (!route) return { kind: 'not-found' };
  if (route.permission.includes(role)) return { kind: 'allowed', route };
  return { kind: 'forbidden', route, home: firstAllowedPath(role) };
}

/** What the console says when it moves a role away from a page the role may not open. */
export const forbiddenPageMessage = (page: string) => `Your role cannot open ${page}, so you are on your first page instead.`;

/** Highlighting: the first path segment equals the entry's, or is one of its aliases. */
export function isHighlighted(entry: RouteEntry, pathname: string): boolean {
  const segment = firstSegment(pathname);
  return segment === firstSegment(entry.path) || (entry.aliases ?? []).includes(segment);
}

export function canSee(role: StaffRole, key: RouteKey): boolean {
  return routeByKey(key).permission.includes(role);
}

/**
 * A rule beyond opening a page: who may be assigned, who is told, who decides. Each is the roles of the page
 * where the work is done, or some of them (`only`), so a role taken off a page loses its capabilities there
 * too, and a module never names a role (tests/common/module-roles.test.ts holds them to it).
 */
interface CapabilityRule {
  page: RouteKey;
  /** Some of the page's roles; a role listed here that the page does not let in is left out. */
  only?: readonly StaffRole[];
}

const CAPABILITY_RULES = {
  /** Hold a task as its assignee or reviewer: whoever works on the Tasks page. */
  'be-assigned-tasks': { page: 'tasks' },
  /** Approve or return a task in review that names someone else as its reviewer. */
  'decide-any-task': { page: 'tasks', only: [ADMIN] },
  /** Own a lead. */
  'own-leads': { page: 'crm' },
  /** Find their own lead follow-ups on Home (an administrator owns no leads of their own). */
  'see-lead-follow-ups-on-home': { page: 'crm', only: [BD_MANAGER, MARKETING] },
  /** Be assigned a website enquiry. */
  'be-assigned-enquiries': { page: 'contactus' },
  /** Be told of a new website enquiry. */
  'hear-of-enquiries': { page: 'contactus' },
  /** Find new enquiries on Home (an administrator has the inbox's badges). */
  'see-new-enquiries-on-home': { page: 'contactus', only: [BD_EXEC, BD_MANAGER, MARKETING] },
  /** Be assigned a registration, and be told of one that waits for due diligence. */
  'be-assigned-registrations': { page: 'due-diligence' },
  /** Decide a screening's possible matches, and be told of them and of the freeze a confirmed one makes. */
  'decide-aml-matches': { page: 'due-diligence' },
  /** Be told of every freeze and its lift: the goAML register's roles, who file its fund freeze report. */
  'hear-of-freezes': { page: 'goaml' },
  /** Be marked compliance officer: the goAML register is theirs. */
  'be-compliance-officer': { page: 'goaml' },
  /** Approve lifting a freeze another asked for. */
  'approve-freeze-lifts': { page: 'clients', only: [ADMIN, REVIEWER] },
  /** Be told of a sanctions list version held for a second person's approval. */
  'approve-held-list-versions': { page: 'sanctions-lists' },
  /** Withdraw a registration that has a payment recorded. */
  'withdraw-paid-registrations': { page: 'registrations', only: [ADMIN, BD_MANAGER] },
  /** Give a discount above the limit set for everyone else. */
  'discount-beyond-limit': { page: 'pending-payments', only: [ADMIN] },
  /** See only the clients whose bookkeeper they are (and those clients' tasks, requests, chats, invoices). */
  'see-own-clients-only': { page: 'clients', only: [BOOKKEEPER] },
  /** Count every client in Home's blocks, rather than their own. */
  'oversee-every-client': { page: 'clients', only: [ADMIN] },
  /** Edit a client they see (a bookkeeper: their own) and fix what its e-invoicing lacks. */
  'work-on-clients': { page: 'clients', only: [ADMIN, BOOKKEEPER] },
  /** Move a client to another bookkeeper or reviewer. */
  'reassign-clients': { page: 'clients', only: [ADMIN] },
  /** Approve or return a monthly report in review. */
  'decide-reports': { page: 'clients', only: [ADMIN, REVIEWER] },
  /** Be a client's bookkeeper. */
  'keep-client-books': { page: 'clients', only: [BOOKKEEPER] },
  /** Be a client's reviewer (and, while a client has none, be told of its reports). */
  'review-client-books': { page: 'clients', only: [REVIEWER] },
  /** Retry an invoice's sync and issue one-off invoices (a bookkeeper: on their own clients). */
  'work-on-invoices': { page: 'unsynced-inv', only: [ADMIN, BOOKKEEPER] },
  /** Mark an invoice synced by hand, and be told of every invoice and e-invoice that failed or recovered. */
  'mark-invoices-synced': { page: 'unsynced-inv', only: [ADMIN] },
  /** Manage the chats' canned replies. */
  'manage-canned-replies': { page: 'chats', only: [ADMIN] },
  /** Manage staff users: at least one active user must keep this. */
  'administer-users': { page: 'users' },
  /** Be told of a new job application. */
  'hear-of-job-applications': { page: 'careers', only: [HR_MANAGER] },
  /**
   * Approve or return a submitted week of time. ADMIN only, not the managers: the firm's managers run sales
   * and people, not the bookkeepers whose weeks these mostly are.
   */
  'approve-timesheets': { page: 'timesheet', only: [ADMIN] },
  /** Read another's time entries and weeks (everyone else sees only their own: another's entry is 404). */
  'see-everyones-time': { page: 'timesheet', only: [ADMIN] },
  /**
   * Move an open task to another person from the Capacity view: everyone who plans the weeks there, the managers
   * too, though they do not work on the Tasks page (the view's own write, not the tasks' edit).
   */
  'reassign-tasks-from-capacity': { page: 'capacity' },
  /** Record a staff member's leave days and set their weekly capacity (the Capacity view's editors). */
  'edit-staff-capacity': { page: 'capacity', only: [ADMIN] },
  /** Set the hours a month a plan includes (what every client's budget is measured against). */
  'set-plan-hours': { page: 'capacity', only: [ADMIN] },
  /** See the firm's own numbers (profitability, the owner's dashboard): the owners' view. */
  'see-firm-numbers': { page: 'practice' },
  /** Read or set what a member of staff costs: more private still; no other answer carries a rate. */
  'keep-cost-rates': { page: 'practice', only: [ADMIN] },
} as const satisfies Record<string, CapabilityRule>;

export type Capability = keyof typeof CAPABILITY_RULES;

function rolesOf({ page, only }: CapabilityRule): readonly StaffRole[] {
  const roles = routeByKey(page).permission;
  return only ? roles.filter((role) => only.includes(role)) : roles;
}

/** Each capability's roles, worked out once from the table above. */
export const CAPABILITIES: Readonly<Record<Capability, readonly StaffRole[]>> = Object.fromEntries(
  Object.entries(CAPABILITY_RULES).map(([name, rule]) => [name, rolesOf(rule)]),
) as Record<Capability, readonly StaffRole[]>;

/** The roles that have a capability: `notifyRoles(tx, rolesThat('hear-of-enquiries'), …)`, `role = ANY($1)`. */
export const rolesThat = (capability: Capability): readonly StaffRole[] => CAPABILITIES[capability];

/** Whether a user's role has a capability; a client role or none has none. */
export const may = (role: string | null | undefined, capability: Capability): boolean => (CAPABILITIES[capability] as readonly string[]).includes(role ?? '');
