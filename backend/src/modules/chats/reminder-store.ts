/**
 * Chat reminders (chat/reminder/). 'Remind me' is one row due at a preset or a time; 'Remind the client if
 * no reply' is a ladder of rows (CLIENT_NUDGE_LADDER_HOURS: a nudge after 24 h, another 3 days later, which
 * also marks the conversation 'waiting'), each remembering the last client message when it was set. A
 * client's message cancels the pending ladder in its own transaction (store.ts), and firing checks again.
 * Firing claims due rows with FOR UPDATE SKIP LOCKED and stamps them in the same transaction as the
 * notification and the nudge message, so a reminder fires once with any number of back ends, and a row
 * that was due while every back end was down fires at the next start.
 */
import type { ChatReminder, NewReminderBody } from '../../../../common/contract/chats.ts';
import { clientNudgeTimes, reminderPreset } from '../../../../common/service-desk.ts';
import { formatDubaiDateTime } from '../../../../common/dubai-time.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { ActionContext } from '../../lib/action.ts';
import { eventWithKey, findByIdempotencyKey, writeAudit } from '../../lib/audit.ts';
import { conflict, invalidInput, notFound } from '../../lib/http-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { notifyClientMessage, notifyReminder } from './notify.ts';
import { findConversation, insertMessage, type ConversationRow } from './store.ts';
import { personJson } from '../../lib/person-sql.ts';
import { type PersonRef } from '../../../../common/contract/shared.ts';
import { insertList, selectList } from '../../lib/table.ts';
import { chatRemindersTable, NEW_REMINDER_FIELDS, REMINDER_ROW_FIELDS, type ChatReminderColumns } from './table.ts';

type Caller = Pick<CurrentUser, 'id' | 'role'>;
const HOUR_MS = 3_600_000;

/** The nudge the client receives, as a message from the staff member who set the ladder. */
export const NUDGE_TEXT = 'A gentle reminder: we are waiting for your reply to continue. Reply here whenever you are ready.';

/** A reminder as the firing reads it. */
type ReminderColumns = Pick<ChatReminderColumns, (typeof REMINDER_ROW_FIELDS)[number]>;
/** A reminder as its list shows it: with its owner. */
type ReminderRow = ReminderColumns & { owner: PersonRef };

const SELECT = `SELECT ${selectList(chatRemindersTable, 'm', REMINDER_ROW_FIELDS)}, ${personJson('u')} AS owner
  FROM chat_reminders m JOIN users u ON u.id = m.user_id`;

const NEW_REMINDER = insertList(NEW_REMINDER_FIELDS);

const toReminder = (row: ReminderRow): ChatReminder => ({
  id: row.id,
  conversation_id: row.conversation_id,
  kind: row.kind,
  step: row.step,
  last_step: row.last_step,
  due_at: row.due_at.toISOString(),
  status: row.status,
  fired_at: row.fired_at ? row.fired_at.toISOString() : null,
  user: row.owner,
});

export async function listReminders(db: Queryable, user: Caller, conversationId: number): Promise<ChatReminder[]> {
  await findConversation(db, user, conversationId);
  const rows = await db.query<ReminderRow>(`${SELECT} WHERE m.conversation_id = $1 ORDER BY m.status = 'pending' DESC, m.due_at DESC, m.id DESC LIMIT 50`, [conversationId]);
  return rows.map(toReminder);
}

export async function setReminder(db: Database, user: Caller, body: NewReminderBody, context: ActionContext, now = new Date()): Promise<ChatReminder[]> {
  const ids = await db.transaction(async (tx) => {
    // A retry with the same key answers the reminders its first request set, under the key's lock.
    const set = await eventWithKey(tx, 'conversation', 'chat_reminder_set', context.actorId, context.idempotencyKey);
    if (set) {
      await findConversation(tx, user, set.entity_id);
      return (set.data['reminder_ids'] as number[] | undefined) ?? [];
    }
    const conversation = await findConversation(tx, user, body.conversation_id, true);
    const after = Number(conversation.last_client_message_id ?? 0);
    const due: Date[] = [];
    if (body.kind === 'me') {
      if ((body.preset === undefined) === (body.at === undefined)) throw invalidInput('at', 'or a preset must be given, not both');
      const at = body.preset ? reminderPreset(body.preset, now) : new Date(body.at!);
      if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) throw invalidInput('at', 'must be in the future');
      if (at.getTime() > now.getTime() + 366 * 24 * HOUR_MS) throw invalidInput('at', 'must be within a year');
      due.push(at);
    } else {
      if (body.preset !== undefined || body.at !== undefined) throw invalidInput('kind', "'client' takes no time: it follows the reminder ladder");
      const [pending] = await tx.query<{ id: number }>("SELECT id FROM chat_reminders WHERE conversation_id = $1 AND kind = 'client' AND status = 'pending' LIMIT 1", [conversation.id]);
      if (pending) throw conflict('This conversation already reminds the client; cancel that first.');
      due.push(...clientNudgeTimes(now));
    }
    const ids: number[] = [];
    for (const [index, at] of due.entries()) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO chat_reminders ${NEW_REMINDER.columns} VALUES ${NEW_REMINDER.values} RETURNING id`,
        [conversation.id, body.kind, index + 1, index === due.length - 1, user.id, at, after],
      );
      ids.push(row!.id);
    }
    await writeAudit(tx, {
      entity: 'conversation',
      entityId: conversation.id,
      kind: 'chat_reminder_set',
      actorId: context.actorId,
      data: { kind: body.kind, due_at: due.map((at) => at.toISOString()), reminder_ids: ids },
      idempotencyKey: context.idempotencyKey,
    });
    return ids;
  });
  const rows = await db.query<ReminderRow>(`${SELECT} WHERE m.id = ANY($1::int[]) ORDER BY m.step`, [ids]);
  return rows.map(toReminder);
}

export async function cancelReminder(db: Database, user: Caller, id: number, context: ActionContext): Promise<ChatReminder> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<ReminderRow>(`${SELECT} WHERE m.id = $1 FOR UPDATE OF m`, [id]);
    if (!row) throw notFound('Reminder');
    await findConversation(tx, user, row.conversation_id);
    // Under the row's lock: a retry of a withdrawal already made answers the reminder instead of 409.
    if (context.idempotencyKey && (await findByIdempotencyKey(tx, 'conversation', row.conversation_id, context.idempotencyKey))) return toReminder(row);
    if (row.status !== 'pending') throw conflict(`This reminder has already ${row.status === 'fired' ? 'fired' : 'been cancelled'}.`);
    // A ladder goes as a whole: its later steps would otherwise fire alone.
    if (row.kind === 'client') await tx.query("UPDATE chat_reminders SET status = 'cancelled' WHERE conversation_id = $1 AND kind = 'client' AND status = 'pending'", [row.conversation_id]);
    else await tx.query("UPDATE chat_reminders SET status = 'cancelled' WHERE id = $1", [row.id]);
    await writeAudit(tx, { entity: 'conversation', entityId: row.conversation_id, kind: 'chat_reminder_cancelled', actorId: context.actorId, data: { reminder_id: row.id, kind: row.kind }, idempotencyKey: context.idempotencyKey });
    const [updated] = await tx.query<ReminderRow>(`${SELECT} WHERE m.id = $1`, [id]);
    return toReminder(updated!);
  });
}

/**
 * Fires the reminders due by `now`: a 'me' reminder notifies its owner; a client nudge whose awaited reply
 * has not come posts the nudge to the client (a message from the owner), notifies the owner, and on the
 * ladder's last step marks the conversation waiting. Answers how many fired (cancelled ones not counted).
 */
export async function fireDueReminders(db: Database, now = new Date()): Promise<number> {
  let fired = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx.query<ReminderColumns>(
        `SELECT ${selectList(chatRemindersTable, null, REMINDER_ROW_FIELDS)} FROM chat_reminders WHERE status = 'pending' AND due_at <= $1 ORDER BY due_at, id FOR UPDATE SKIP LOCKED LIMIT 50`,
        [now],
      );
      let count = 0;
      for (const row of rows) {
        const [conversation] = await tx.query<ConversationRow>(
          `SELECT v.id, v.version, v.client_id, c.legal_name AS client_name, c.user_id AS client_user_id, c.bookkeeper_id, v.assignee_id, v.status,
             v.last_message_id, v.last_message_at, v.last_message_preview, v.last_client_message_id
           FROM conversations v JOIN clients c ON c.id = v.client_id WHERE v.id = $1 FOR UPDATE OF v`,
          [row.conversation_id],
        );
        const replied = Number(conversation!.last_client_message_id ?? 0) > Number(row.after_message_id);
        if (row.kind === 'client' && replied) {
          await tx.query("UPDATE chat_reminders SET status = 'cancelled' WHERE id = $1", [row.id]);
          continue;
        }
        await tx.query("UPDATE chat_reminders SET status = 'fired', fired_at = $2 WHERE id = $1", [row.id, now]);
        if (row.kind === 'me') {
          await notifyReminder(tx, conversation!, row.user_id, `You asked to be reminded of this conversation (set for ${formatDubaiDateTime(row.due_at)}).`);
        } else {
          await insertMessage(tx, conversation!, { authorId: row.user_id, fromClient: false, text: NUDGE_TEXT, file: null });
          await notifyClientMessage(tx, conversation!, NUDGE_TEXT);
          if (row.last_step) await tx.query("UPDATE conversations SET status = 'waiting', version = version + 1 WHERE id = $1", [row.conversation_id]);
          await notifyReminder(tx, conversation!, row.user_id, row.last_step ? 'No reply from the client after the last reminder: the conversation is marked waiting.' : 'The client has not replied: a reminder was sent to them.');
        }
        count += 1;
      }
      return { count, seen: rows.length };
    });
    fired += batch.count;
    if (batch.seen < 50) break;
  }
  return fired;
}
