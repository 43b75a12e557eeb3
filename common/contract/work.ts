/**
 * Work at speed: Home's blocks (GET me/work), next unassigned, search everywhere, saved views and
 * bulk jobs. Blocks, search groups and bulk actions are registries on the back end, so their kinds are open
 * strings here (bounded where they are input).
 */
import { Type, type Static } from 'typebox';
import { navEntries, NAV_TABLE } from '../access.ts';
import { access, endpoints } from './endpoint.ts';
import { Closed, Id, IdempotencyHeaders, IdParams, Instant, Line, Nullable, Version } from './shared.ts';
import { MAX_BULK_PARAM_TEXT, MAX_BULK_REASON_LENGTH, MAX_VIEW_NAME_LENGTH, MAX_VIEW_QUERY_LENGTH, MIN_SEARCH_LENGTH, SEARCH_LIMIT_PER_KIND, workRoutes } from './work-paths.ts';
import { MAX_SEARCH_LENGTH } from './http.ts';
import { TotpCode } from './security.ts';

/** A list's key: the route key of its page (e.g. 'due-diligence', 'clients'). */
export const ListKey = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z][a-z0-9-]*$', errorMessage: 'must be a list key', title: 'List' });

// ------------------------------------------------------------------------------------------ Home

export const WorkItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Nullable(Type.String()),
  /** Console path that opens the record. */
  href: Type.String(),
  /** When it is due or happens (ISO date or instant), if it has a time. */
  at: Nullable(Type.String()),
  /** Past its time (a deadline missed, a licence expired). */
  overdue: Type.Boolean(),
});
export type WorkItem = Static<typeof WorkItem>;

export const WorkBlock = Type.Object({
  key: Type.String(),
  title: Type.String(),
  count: Type.Integer(),
  /** The filtered list the block opens. */
  href: Type.String(),
  /** What the count means in words ('waiting on you'). */
  hint: Type.String(),
  items: Type.Array(WorkItem),
  /** The queue a 'Next unassigned' button takes from, when the block has one. */
  next_queue: Nullable(Type.String()),
});
export type WorkBlock = Static<typeof WorkBlock>;

export const MyWork = Type.Object({ blocks: Type.Array(WorkBlock), generated_at: Instant });
export type MyWork = Static<typeof MyWork>;

/** POST work/next/: takes the oldest unassigned item of the queue for the caller. */
export const NextBody = Closed({ queue: ListKey });
export type NextBody = Static<typeof NextBody>;

export const NextResult = Type.Object({
  /** null when nothing is left unassigned. */
  item: Nullable(Type.Object({ id: Type.Integer(), title: Type.String(), href: Type.String() })),
});
export type NextResult = Static<typeof NextResult>;

// ----------------------------------------------------------------------------------------- search

export const SearchQuery = Closed({ q: Line(MAX_SEARCH_LENGTH, { title: 'Search', minLength: MIN_SEARCH_LENGTH }) });
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchHit = Type.Object({
  kind: Type.String(),
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Nullable(Type.String()),
  href: Type.String(),
});
export type SearchHit = Static<typeof SearchHit>;

export const SearchGroup = Type.Object({ kind: Type.String(), label: Type.String(), hits: Type.Array(SearchHit, { maxItems: SEARCH_LIMIT_PER_KIND }) });
export type SearchGroup = Static<typeof SearchGroup>;

export const SearchResult = Type.Object({ q: Type.String(), groups: Type.Array(SearchGroup) });
export type SearchResult = Static<typeof SearchResult>;

// ----------------------------------------------------------------------------------- saved views

export const ViewsQuery = Closed({ list: ListKey });
export type ViewsQuery = Static<typeof ViewsQuery>;

const ViewName = Line(MAX_VIEW_NAME_LENGTH, { title: 'Name', minLength: 1 });
/** The list's query string without '?' and without the page (url-list-state's format). */
const ViewQueryText = Line(MAX_VIEW_QUERY_LENGTH, { title: 'Query' });
/** The save-view dialog's two check boxes, titled as it labels them. */
const ViewShared = Type.Boolean({ title: 'Share with the team' });
const ViewIsDefault = Type.Boolean({ title: 'Open this view first' });

export const NewView = Closed({ list: ListKey, name: ViewName, query: ViewQueryText, shared: ViewShared, is_default: ViewIsDefault });
export type NewView = Static<typeof NewView>;

export const ViewPatch = Closed({
  version: Version,
  name: Type.Optional(ViewName),
  query: Type.Optional(ViewQueryText),
  shared: Type.Optional(ViewShared),
  is_default: Type.Optional(ViewIsDefault),
});
export type ViewPatch = Static<typeof ViewPatch>;

export const ViewDelete = Closed({ version: Version });
export type ViewDelete = Static<typeof ViewDelete>;

export const SavedView = Type.Object({
  id: Type.Integer(),
  list: Type.String(),
  name: Type.String(),
  query: Type.String(),
  shared: Type.Boolean(),
  is_default: Type.Boolean(),
  version: Type.Integer(),
  owner: Type.Object({ id: Type.Integer(), display_name: Nullable(Type.String()), email: Type.String() }),
  /** The caller's own view (editable); a view shared by someone else can only be copied. */
  mine: Type.Boolean(),
  updated_at: Instant,
});
export type SavedView = Static<typeof SavedView>;

export const SavedViews = Type.Object({ views: Type.Array(SavedView), can_share: Type.Boolean() });
export type SavedViews = Static<typeof SavedViews>;

// ------------------------------------------------------------------------------------------ bulk

/** The list's filter as its list call takes it (the query string's fields), acted on by the server. */
const FieldName = Type.String({ pattern: '^[a-z_]{1,40}$' });
export const BulkFilter = Type.Record(FieldName, Line(200), { maxProperties: 20, additionalProperties: false, title: 'Filter' });

export const NewBulkJob = Closed({
  list: ListKey,
  action: Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z_]+$', title: 'Action' }),
  /** Either the filter ('all N matching') or the ids selected on the page. */
  filter: Type.Optional(BulkFilter),
  ids: Type.Optional(Type.Array(Id('Id'), { minItems: 1, maxItems: 1000, uniqueItems: true, title: 'Selected rows' })),
  /** The action's own parameters (an assignee). */
  params: Type.Record(FieldName, Nullable(Type.Union([Type.String({ maxLength: MAX_BULK_PARAM_TEXT }), Type.Integer({ minimum: 0, maximum: 2_147_483_647 })])), { maxProperties: 10, additionalProperties: false, title: 'Parameters' }),
  /** The caller's fresh code, for an action its single-record form also asks one for (a role): checked and spent at the start, never kept with the job. */
  code: Type.Optional(TotpCode),
});
export type NewBulkJob = Static<typeof NewBulkJob>;

export const BulkOutcome = Type.Enum(['done', 'skipped', 'failed']);
export type BulkOutcome = Static<typeof BulkOutcome>;

export const BulkRow = Type.Object({ record_id: Type.Integer(), label: Type.String(), outcome: Nullable(BulkOutcome), reason: Nullable(Type.String({ maxLength: MAX_BULK_REASON_LENGTH })) });
export type BulkRow = Static<typeof BulkRow>;

export const BulkJob = Type.Object({
  id: Type.Integer(),
  list: Type.String(),
  action: Type.String(),
  action_label: Type.String(),
  state: Type.Enum(['queued', 'running', 'finished']),
  total: Type.Integer(),
  done: Type.Integer(),
  skipped: Type.Integer(),
  failed: Type.Integer(),
  created_at: Instant,
  finished_at: Nullable(Instant),
  /** The rows with a result so far (and the pending ones), in the list's order. */
  rows: Type.Array(BulkRow),
});
export type BulkJob = Static<typeof BulkJob>;

export const BulkJobsQuery = Closed({ list: Type.Optional(ListKey) });
export type BulkJobsQuery = Static<typeof BulkJobsQuery>;

export const BulkActionInfo = Type.Object({ list: Type.String(), action: Type.String(), label: Type.String() });
export const BulkActions = Type.Object({ actions: Type.Array(BulkActionInfo) });
export type BulkActions = Static<typeof BulkActions>;

export const BulkJobs = Type.Object({ jobs: Type.Array(BulkJob) });
export type BulkJobs = Static<typeof BulkJobs>;


/** Any staff page: every staff role searches, saves views and runs bulk jobs; each area narrows to what the role sees. */
export const anyStaffPage = access.anyPage(...navEntries(NAV_TABLE).map((entry) => entry.id));
const viewParams = IdParams('viewId');
const ownViews = 'The list must be a page the caller opens; a view is changed only by its owner.';
const ownJobs = 'The caller\'s own jobs; each row goes through the area\'s own write and rule.';

export const workEndpoints = endpoints('work', workRoutes, {
  myWork: { summary: 'Every block of the caller\'s Home', access: access.page('home'), response: { 200: MyWork } },
  next: {
    summary: 'Take the oldest unassigned item of a queue',
    // The pages of the areas' next-unassigned queues (tests/common/endpoint-tables.test.ts compares them).
    access: access.anyPage('due-diligence', 'tasks', 'on-demand-requests', 'chats', 'contactus'),
    ownership: 'The role must see the queue\'s page.',
    headers: IdempotencyHeaders,
    body: NextBody,
    response: { 200: NextResult },
  },
  search: { summary: 'Search everywhere, grouped by kind', access: anyStaffPage, ownership: 'Each area shows only what the caller may open.', query: SearchQuery, response: { 200: SearchResult } },
  views: { summary: 'The caller\'s and the team\'s saved views of a list', access: anyStaffPage, ownership: ownViews, query: ViewsQuery, response: { 200: SavedViews } },
  createView: { summary: 'Save a view of a list', access: anyStaffPage, ownership: ownViews, headers: IdempotencyHeaders, body: NewView, response: { 201: SavedView } },
  updateView: { summary: 'Change a saved view', access: anyStaffPage, ownership: ownViews, headers: IdempotencyHeaders, params: viewParams, body: ViewPatch, response: { 200: SavedView } },
  deleteView: {
    summary: 'Delete a saved view',
    access: anyStaffPage,
    ownership: ownViews,
    headers: IdempotencyHeaders,
    params: viewParams,
    body: ViewDelete,
    response: { 200: Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) }) },
  },
  bulkActions: { summary: 'The bulk actions the caller may run, per list', access: anyStaffPage, response: { 200: BulkActions } },
  bulkJobs: { summary: 'The caller\'s recent bulk jobs', access: anyStaffPage, ownership: ownJobs, query: BulkJobsQuery, response: { 200: BulkJobs } },
  startBulkJob: { summary: 'Start a bulk job over a selection or a filter (an action that needs a fresh code, a role change, with the caller\'s code)', access: anyStaffPage, ownership: ownJobs, headers: IdempotencyHeaders, body: NewBulkJob, response: { 201: BulkJob }, errors: [409, 429] },
  bulkJob: { summary: 'One of the caller\'s bulk jobs with its rows', access: anyStaffPage, ownership: ownJobs, params: IdParams('jobId'), response: { 200: BulkJob } },
});
