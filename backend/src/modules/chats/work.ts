/**
 * The chats area's part of work at speed: conversations found by their client's name, and the
 * Home block 'unanswered chats assigned to me' (the client spoke last and the chat is not resolved), under the
 * chats list's rule: the page's roles (canSee 'chats'), a bookkeeper only on their own clients, and only
 * conversations that have a message (the list leaves out the empty ones made on first use).
 */
import { canSee } from '../../../../common/access.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import { WORK_ITEMS_PER_BLOCK } from '../../../../common/contract/work-paths.ts';
import { containsPattern } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { Caller, HomeBlockProvider, SearchProvider, WorkContributions } from '../../lib/work-registry.ts';
import { addClientVisibility } from '../clients/index.ts';
import { chatsBulk, chatsNext } from './bulk.ts';
import { chatListPath } from '../../../../common/links.ts';

const seesChats = (caller: Caller) => isStaffRole(caller.role) && canSee(caller.role, 'chats');

/** The chats page opens a conversation beside the list (?conversation=). */

export const conversationSearch: SearchProvider = {
  kind: 'conversation',
  label: 'Conversations',
  order: 26,
  async search(db, caller, q, limit) {
    if (!seesChats(caller)) return [];
    const filter = new SqlFilter();
    addClientVisibility(filter, caller, 'c');
    filter.addClause('v.last_message_id IS NOT NULL');
    filter.add((p) => `lower(c.legal_name) LIKE ${p} ESCAPE '\\'`, containsPattern(q));
    const rows = await db.query<{ id: number; legal_name: string; status: string; last_message_preview: string | null }>(
      `SELECT v.id, c.legal_name, v.status, v.last_message_preview FROM conversations v JOIN clients c ON c.id = v.client_id ${filter.where}
       ORDER BY v.last_message_at DESC NULLS LAST, v.id DESC LIMIT ${limit}`,
      filter.params,
    );
    return rows.map((row) => ({
      kind: 'conversation',
      id: row.id,
      title: row.legal_name,
      subtitle: [row.status === 'resolved' ? 'Resolved' : null, row.last_message_preview].filter(Boolean).join(' · ') || null,
      href: chatListPath({ conversation: row.id }),
    }));
  },
};

const unanswered: HomeBlockProvider = {
  key: 'chats.unanswered',
  order: 22,
  async build(db, caller) {
    if (!seesChats(caller)) return null;
    const filter = new SqlFilter();
    addClientVisibility(filter, caller, 'c');
    filter.add((p) => `v.assignee_id = ${p}`, caller.id);
    // Unanswered: the last message is the client's (no staff reply after it), and nobody closed the chat.
    filter.addClause("v.status <> 'resolved' AND v.last_message_id IS NOT NULL AND v.last_client_message_id = v.last_message_id");
    const from = 'FROM conversations v JOIN clients c ON c.id = v.client_id';
    const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count ${from} ${filter.where}`, filter.params);
    const rows = await db.query<{ id: number; legal_name: string; last_message_preview: string | null; last_message_at: Date | null }>(
      `SELECT v.id, c.legal_name, v.last_message_preview, v.last_message_at ${from} ${filter.where} ORDER BY v.last_message_at, v.id LIMIT ${WORK_ITEMS_PER_BLOCK}`,
      filter.params,
    );
    return {
      title: 'Unanswered chats assigned to me',
      hint: 'the client wrote last',
      count,
      href: chatListPath({ filter: 'mine' }),
      items: rows.map((row) => ({
        id: row.id,
        title: row.legal_name,
        subtitle: row.last_message_preview,
        href: chatListPath({ conversation: row.id }),
        at: row.last_message_at ? row.last_message_at.toISOString() : null,
        overdue: false,
      })),
      next_queue: null,
    };
  },
};

export const chatsWork: WorkContributions = { search: [conversationSearch], home: [unanswered], next: chatsNext, bulk: chatsBulk };
