/**
 * Work at speed: the paths of Home's blocks, next unassigned, search everywhere, saved views and
 * bulk jobs (method and path; schemas and access: workEndpoints in work.ts), and their limits; plain code for the console.
 */
export const workRoutes = {
  /** Every block of the caller's Home in one answer. */
  myWork: 'GET /me/work',
  /** { queue }: assigns the oldest unassigned item of the queue to the caller and answers it (or null). */
  next: 'POST /work/next/',
  /** ?q=: search everywhere, grouped by kind, only what the caller may open. */
  search: 'GET /search/',
  /** ?list=: the caller's views of a list and the ones shared with the team. */
  views: 'GET /views/',
  createView: 'POST /views/',
  /** { version, ... }: the caller's own view. */
  updateView: 'PATCH /views/:viewId',
  /** { version } */
  deleteView: 'DELETE /views/:viewId',
  /** The bulk actions the caller may run, per list. */
  bulkActions: 'GET /bulk/actions/',
  /** ?list=: the caller's recent jobs. */
  bulkJobs: 'GET /bulk/jobs/',
  /** { list, action, filter | ids, params } starts one. */
  startBulkJob: 'POST /bulk/jobs/',
  bulkJob: 'GET /bulk/jobs/:jobId',
} as const;

/** A search needs this many characters before the server looks (one letter matches everything). */
export const MIN_SEARCH_LENGTH = 2;
/** Hits per kind in search everywhere. */
export const SEARCH_LIMIT_PER_KIND = 5;
export const MAX_VIEW_NAME_LENGTH = 60;
export const MAX_VIEW_QUERY_LENGTH = 1000;
export const MAX_BULK_REASON_LENGTH = 300;
/**
 * The longest text a bulk job's params may carry at all: each action's own schema (common/contract/bulk.ts)
 * holds its real limit, and every one of those is at most this (tests/backend/bulk/params.test.ts).
 */
export const MAX_BULK_PARAM_TEXT = 2000;
/** Items a Home block lists under its count. */
export const WORK_ITEMS_PER_BLOCK = 5;
/** Most rows one bulk job acts on (a larger selection is refused with the count, so nobody waits an hour). */
export const MAX_BULK_ROWS = 5000;

/**
 * Who may share a list's saved views with the team (ADMIN everywhere, and the list's managing roles); anyone
 * who sees the list may save views for themselves and copy a shared one.
 */
export const VIEW_SHARERS: Readonly<Record<string, readonly string[]>> = {
  registrations: ['ADMIN', 'BD_MANAGER'],
  'call-schedules': ['ADMIN', 'BD_MANAGER'],
  'due-diligence': ['ADMIN', 'BD_MANAGER'],
  'pending-payments': ['ADMIN', 'BD_MANAGER'],
  'pending-activation': ['ADMIN', 'BD_MANAGER'],
  // Growth, content and staff lists (bulk-growth): the manager of each team shares; FAQs and Users are ADMIN's only.
  contactus: ['ADMIN', 'BD_MANAGER'],
  crm: ['ADMIN', 'BD_MANAGER'],
  careers: ['ADMIN', 'HR_MANAGER'],
};

export function canShareViews(role: string, list: string): boolean {
  return role === 'ADMIN' || (VIEW_SHARERS[list] ?? []).includes(role);
}

/**
 * Whether the caller may change a saved view's name or filters ('Update view'): their own view, and, when the
 * team sees it, only while they may share on the list (the rule of saving a shared view), since the change
 * reaches everyone who uses it. Making it one's default, unsharing and deleting stay the owner's alone.
 */
export function canUpdateView(view: { mine: boolean; shared: boolean }, canShare: boolean): boolean {
  return view.mine && (!view.shared || canShare);
}
