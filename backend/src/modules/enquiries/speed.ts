/**
 * The website enquiries area's part of work at speed (issue 22): enquiries found by name, e-mail, company (or
 * phone: the inbox's own search text, trigram-indexed), and the Home block 'new enquiries' for the BD and
 * MARKETING roles. The inbox has no per-record rule beyond its page's roles (canSee 'contactus'), so neither
 * has search. Each kind is its own tab (/difc), so the block opens the tab with the most new ones.
 */
import { canSee } from '../../../../common/access.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import { ENQUIRY_KIND_LABELS, enquiryPagePath, type EnquiryKind } from '../../../../common/contract/enquiries-paths.ts';
import { WORK_ITEMS_PER_BLOCK } from '../../../../common/contract/work-paths.ts';
import { containsPattern } from '../../lib/pagination.ts';
import type { HomeBlockProvider, SearchProvider, SpeedContributions } from '../../lib/work-registry.ts';

/** The roles whose Home shows new enquiries (the 'BD and MARKETING roles'; ADMIN sees the inbox's badges). */
const HOME_ROLES: readonly string[] = ['BD_EXEC', 'BD_MANAGER', 'MARKETING'];

export const enquirySearch: SearchProvider = {
  kind: 'enquiry',
  label: 'Enquiries',
  order: 30,
  async search(db, caller, q, limit) {
    if (!isStaffRole(caller.role) || !canSee(caller.role, 'contactus')) return [];
    const rows = await db.query<{ id: number; kind: EnquiryKind; name: string; email: string; company: string | null; status: string }>(
      `SELECT e.id, e.kind, e.name, e.email, e.company, e.status FROM enquiries e WHERE e.search_text LIKE $1 ESCAPE '\\'
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
    if (!HOME_ROLES.includes(caller.role) || !isStaffRole(caller.role) || !canSee(caller.role, 'contactus')) return null;
    const byKind = await db.query<{ kind: EnquiryKind; count: number }>(
      "SELECT kind, count(*)::integer AS count FROM enquiries WHERE status = 'new' GROUP BY kind ORDER BY count DESC, min(created_at), kind",
    );
    const rows = await db.query<{ id: number; kind: EnquiryKind; name: string; company: string | null; created_at: Date }>(
      `SELECT id, kind, name, company, created_at FROM enquiries WHERE status = 'new' ORDER BY created_at, id LIMIT ${WORK_ITEMS_PER_BLOCK}`,
    );
    return {
      title: 'New enquiries',
      hint: 'from the website, not yet contacted (oldest first)',
      count: byKind.reduce((sum, row) => sum + row.count, 0),
      href: `${enquiryPagePath(byKind[0]?.kind ?? 'contactus')}?status=new`,
      items: rows.map((row) => ({
        id: row.id,
        title: row.company ? `${row.name} (${row.company})` : row.name,
        subtitle: ENQUIRY_KIND_LABELS[row.kind],
        href: enquiryPagePath(row.kind, row.id),
        at: row.created_at.toISOString(),
        overdue: false,
      })),
      next_queue: null,
    };
  },
};

export const enquiriesSpeed: SpeedContributions = { search: [enquirySearch], home: [newEnquiries] };
