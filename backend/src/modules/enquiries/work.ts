/**
 * The website enquiries area's part of work at speed: enquiries found by name, e-mail, company (or
 * phone: the inbox's own search text, trigram-indexed), and the Home block 'new enquiries' for the BD and
 * MARKETING roles. The inbox has no per-record rule beyond its page's roles (canSee 'contactus'), so neither
 * has search. Each kind is its own tab (/difc), so the block opens the tab with the most new ones. 'Next
 * unassigned' hands out the oldest new enquiry nobody has; bulk assign and status change act through the
 * inbox's own single-row actions (their versions, checks and events).
 */
import { canSee, may } from '../../../../common/access.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import {
  ENQUIRY_KIND_LABELS,
  ENQUIRY_STATUS_LABELS,
  enquiryPagePath,
  type EnquiryKind,
} from '../../../../common/contract/enquiries-paths.ts';
import { WORK_ITEMS_PER_BLOCK } from '../../../../common/contract/work-paths.ts';
import { containsPattern } from '../../lib/pagination.ts';
import type { Queryable } from '../../db/database.ts';
import { enquiriesBulkActions, EnquiryExportQuery } from '../../../../common/contract/enquiries.ts';
import { bulkRowStep, callerContext, parseListFilter } from '../../lib/bulk-rows.ts';
import { invalidInput } from '../../lib/http-error.ts';
import { contractBulk, type Caller, type HomeBlockProvider, type NextUnassignedProvider, type SearchProvider, type WorkContributions } from '../../lib/work-registry.ts';
import { assignEnquiry, changeStatus, enquiriesMatching, readEnquiry, takeNextEnquiry, type TitledEnquiry } from './store.ts';
import { selectList } from '../../lib/table.ts';
import { ENQUIRY_TITLE_FIELDS, enquiriesTable, type EnquiryColumns } from './table.ts';
import { withQuery } from '../../../../common/links.ts';

export const enquirySearch: SearchProvider = {
  kind: 'enquiry',
  label: 'Enquiries',
  order: 30,
  async search(db, caller, q, limit) {
    if (!isStaffRole(caller.role) || !canSee(caller.role, 'contactus')) return [];
    const rows = await db.query<TitledEnquiry & Pick<EnquiryColumns, 'email' | 'status'>>(
      `SELECT ${selectList(enquiriesTable, 'e', [...ENQUIRY_TITLE_FIELDS, 'email', 'status'])} FROM enquiries e WHERE e.search_text LIKE $1 ESCAPE '\\'
       ORDER BY (e.status = 'new') DESC, e.created_at DESC, e.id DESC LIMIT ${limit}`,
      [containsPattern(q)],
    );
    return rows.map((row) => ({
      kind: 'enquiry',
      id: row.id,
      title: row.company ? `${row.name} (${row.company})` : row.name,
      subtitle: `${ENQUIRY_KIND_LABELS[row.kind]} · ${row.email}`,
      href: enquiryPagePath(row.kind, row.id),
    }));
  },
};

const newEnquiries: HomeBlockProvider = {
  key: 'enquiries.new',
  order: 50,
  async build(db, caller) {
    if (!may(caller.role, 'see-new-enquiries-on-home')) return null;
    const byKind = await db.query<{ kind: EnquiryKind; count: number }>(
      "SELECT kind, count(*)::integer AS count FROM enquiries WHERE status = 'new' GROUP BY kind ORDER BY count DESC, min(created_at), kind",
    );
    const rows = await db.query<TitledEnquiry & Pick<EnquiryColumns, 'created_at'>>(
      `SELECT ${selectList(enquiriesTable, null, [...ENQUIRY_TITLE_FIELDS, 'created_at'])} FROM enquiries WHERE status = 'new' ORDER BY created_at, id LIMIT ${WORK_ITEMS_PER_BLOCK}`,
    );
    return {
      title: 'New enquiries',
      hint: 'from the website, not yet contacted (oldest first)',
      count: byKind.reduce((sum, row) => sum + row.count, 0),
      href: withQuery(enquiryPagePath(byKind[0]?.kind ?? 'contactus'), { status: 'new' }),
      items: rows.map((row) => ({
        id: row.id,
        title: row.company ? `${row.name} (${row.company})` : row.name,
        subtitle: ENQUIRY_KIND_LABELS[row.kind],
        href: enquiryPagePath(row.kind, row.id),
        at: row.created_at.toISOString(),
        overdue: false,
      })),
      // Home's 'Next unassigned' takes from the inbox's queue (the oldest new enquiry nobody has).
      next_queue: 'contactus',
    };
  },
};

// ------------------------------------------------------------------- next unassigned and bulk actions

/** 'Next unassigned' on the inbox: the oldest new enquiry nobody has, of any form, assigned to the caller. */
const nextEnquiry: NextUnassignedProvider = {
  queue: 'contactus',
  page: 'contactus',
  async take(db, caller) {
    const taken = await takeNextEnquiry(db, callerContext(caller));
    return taken && { id: taken.id, title: taken.company ? `${taken.name} (${taken.company})` : taken.name, href: enquiryPagePath(taken.kind, taken.id) };
  },
};

const labelsOf = (db: Queryable, ids: number[]) =>
  db.query<{ id: number; label: string }>(`SELECT e.id, e.name || coalesce(' (' || e.company || ')', '') AS label FROM enquiries e WHERE e.id = ANY($1::integer[]) ORDER BY e.created_at DESC, e.id DESC`, [ids]);

/** Which rows the inbox's roles may act on: every enquiry (the inbox has no per-record rule beyond its page). */
const enquiryRows = {
  list: 'contactus',
  page: 'contactus',
  select: (db: Queryable, _caller: Caller, filter: Record<string, string>, limit: number) => enquiriesMatching(db, parseListFilter<EnquiryExportQuery>(EnquiryExportQuery, filter), limit),
  labels: (db: Queryable, _caller: Caller, ids: number[]) => labelsOf(db, ids),
} as const;

/** Assign (or unassign, assignee_id null) the selected enquiries through the inbox's own assign. */
const bulkAssign = contractBulk(enquiriesBulkActions.assign, {
  ...enquiryRows,
  async checkParams(db, { assignee_id: assignee }) {
    if (assignee === null) return;
    const [user] = await db.query<{ role: string }>('SELECT role FROM users WHERE id = $1 AND active', [assignee]);
    if (!user || !may(user.role, 'be-assigned-enquiries')) throw invalidInput('params.assignee_id', 'must be an active user of Website Enquiries');
  },
  apply: (db, caller, id, { assignee_id: assignee }) =>
    bulkRowStep(db, {
      entity: 'enquiry',
      id,
      idempotencyKey: caller.idempotencyKey,
      read: (tx) => readEnquiry(tx, id),
      skip: (row) => ((row.assignee?.id ?? null) === assignee ? (assignee === null ? 'Already unassigned.' : 'Already assigned to this person.') : null),
      act: (row) => assignEnquiry(db, id, assignee, row.version, callerContext(caller)),
    }),
});

/** Change the status of the selected enquiries through the inbox's own status change (closing needs a reason). */
const bulkStatus = contractBulk(enquiriesBulkActions.status, {
  ...enquiryRows,
  apply: (db, caller, id, { status, reason }) =>
    bulkRowStep(db, {
      entity: 'enquiry',
      id,
      idempotencyKey: caller.idempotencyKey,
      read: (tx) => readEnquiry(tx, id),
      skip: (row) => (row.status === status ? `Already ${ENQUIRY_STATUS_LABELS[status].toLowerCase()}.` : null),
      act: (row) => changeStatus(db, id, status, reason ?? undefined, row.version, callerContext(caller)),
    }),
});

export const enquiriesWork: WorkContributions = { search: [enquirySearch], home: [newEnquiries], next: [nextEnquiry], bulk: [bulkAssign, bulkStatus] };
