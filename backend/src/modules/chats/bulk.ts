/**
 * The Chats list's bulk actions (assign, resolve: a chat's 'closed' state) and its 'Next unassigned' queue
 *. Each row goes through the conversation's own versioned action (assignConversation,
 * setConversationStatus: its visibility rule, its audit event, the assignee's notification, the client
 * reminder cancelled on resolve); 'all N matching' is the list's own query (listConversations), so a
 * bookkeeper's selection never holds another bookkeeper's client's chat.
 */
import { ChatQuery, chatsBulkActions } from '../../../../common/contract/chats.ts';
import { assignRow, bulkRow, callerContext, DONE, firstRows, parseListFilter, skipped, takeNext } from '../../lib/bulk-rows.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { contractBulk, type BulkAction, type NextUnassignedProvider } from '../../lib/work-registry.ts';
import { addClientVisibility } from '../clients/index.ts';
import { requireWorker } from '../tasks/index.ts';
import { assignConversation, listConversations, readConversation, setConversationStatus } from './store.ts';
import { chatListPath } from '../../../../common/links.ts';

const select: BulkAction['select'] = async (db, caller, filter, limit) => {
  const { results } = await listConversations(db, caller, parseListFilter<ChatQuery>(ChatQuery, filter), firstRows(limit));
  return results.map((item) => ({ id: item.id, label: item.client.legal_name }));
};

const labels: BulkAction['labels'] = (db, caller, ids) => {
  const filter = new SqlFilter();
  addClientVisibility(filter, caller, 'c');
  filter.add((p) => `v.id = ANY(${p}::integer[])`, ids);
  filter.addClause('v.last_message_id IS NOT NULL');
  return db.query<{ id: number; label: string }>(
    `SELECT v.id, c.legal_name AS label FROM conversations v JOIN clients c ON c.id = v.client_id ${filter.where} ORDER BY v.last_message_at DESC NULLS LAST, v.id DESC`,
    filter.params,
  );
};

const assign = contractBulk(chatsBulkActions.assign, {
  page: 'chats',
  checkParams: (db, params) => requireWorker(db, params.assignee_id, 'params.assignee_id'),
  select,
  labels,
  apply: (db, caller, id, { assignee_id: assignee }) =>
    bulkRow(db, 'conversation', id, caller.idempotencyKey, async () => {
      const chat = await readConversation(db, caller, id);
      return assignRow(chat.assignee?.id ?? null, assignee, () => assignConversation(db, caller, id, { version: chat.version, assignee_id: assignee }, callerContext(caller)));
    }),
});

const resolve = contractBulk(chatsBulkActions.resolve, {
  page: 'chats',
  select,
  labels,
  apply: (db, caller, id) =>
    bulkRow(db, 'conversation', id, caller.idempotencyKey, async () => {
      const chat = await readConversation(db, caller, id);
      if (chat.status === 'resolved') return skipped('Already resolved.');
      await setConversationStatus(db, caller, id, { version: chat.version, status: 'resolved' }, callerContext(caller));
      return DONE;
    }),
});

/**
 * The unresolved chat nobody holds that has waited longest since its last message, of a client the caller
 * sees, assigned to the caller in the same transaction that locked it (SKIP LOCKED: two people pressing at
 * once get different chats).
 */
const nextChat: NextUnassignedProvider = {
  queue: 'chats',
  page: 'chats',
  take: (db, caller) =>
    takeNext(db, caller, {
      entity: 'conversation',
      assignedKind: 'chat_assigned',
      async candidate(tx) {
        const filter = new SqlFilter();
        addClientVisibility(filter, caller, 'c');
        filter.addClause("v.assignee_id IS NULL AND v.status <> 'resolved' AND v.last_message_id IS NOT NULL");
        const [row] = await tx.query<{ id: number }>(
          `SELECT v.id FROM conversations v JOIN clients c ON c.id = v.client_id ${filter.where} ORDER BY v.last_message_at, v.id LIMIT 1 FOR UPDATE OF v SKIP LOCKED`,
          filter.params,
        );
        return row?.id ?? null;
      },
      async assign(txDb, id) {
        const chat = await readConversation(txDb, caller, id);
        await assignConversation(txDb, caller, id, { version: chat.version, assignee_id: caller.id }, callerContext(caller));
      },
      async item(tx, id) {
        return { title: (await readConversation(tx, caller, id)).client.legal_name, href: chatListPath({ filter: 'mine', conversation: id }) };
      },
    }),
};

export const chatsBulk: readonly BulkAction[] = [assign, resolve];
export const chatsNext: readonly NextUnassignedProvider[] = [nextChat];
