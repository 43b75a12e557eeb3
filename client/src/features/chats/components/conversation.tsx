/**
 * One conversation: header with assignment, status and reminders; the messages (older pages load as the
 * list scrolls to its top without moving what is on screen; new ones arrive live); the composer with canned
 * replies and an attachment. Message text is rendered as text, links as plain safe links.
 */
import { LengthCounter } from '../../../components/length-counter.tsx';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { ChatMessage, ChatReminder, ConversationItem, PostMessageBody } from '../../../../../common/contract/chats.ts';
import { dubaiDateTimeIso } from '../../../../../common/dubai-time.ts';
import type { DocumentContentType } from '../../../../../common/review.ts';
import { MAX_MESSAGE_LENGTH } from '../../../../../common/service-desk.ts';
import { Button } from '../../../components/button.tsx';
import { FilePreview } from '../../../components/file-preview.tsx';
import { RecordMissing } from '../../../components/record-not-found.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { formatDubaiDateTime, formatFull } from '../../../lib/dates.ts';
import { documentFileProblem } from '../../../lib/document-file.ts';
import { isNotFound, unlessNotFound } from '../../../lib/errors.ts';
import { queryCache } from '../../../lib/query-cache.ts';
import { readBase64 } from '../../../lib/read-base64.ts';
import { useToastRoomAbove } from '../../../lib/toast-room.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useQuery } from '../../../lib/use-query.ts';
import {
  assignConversation,
  cancelReminder,
  chatKeys,
  fetchCanned,
  fetchConversation,
  fetchMessageFile,
  fetchReminders,
  fetchStaff,
  markRead,
  postMessage,
  setConversationStatus,
  setReminder,
} from '../api.ts';
import { linkParts } from '../model.ts';
import { useMessages } from './use-messages.ts';
import { useDismiss } from '../../../lib/use-dismiss.ts';
import '../../../components/filters.css';

/** Staff who are not told of a message by a notification still see it within this long. */
const POLL_MS = 5000;

export function Conversation({ conversationId }: { conversationId: number }) {
  const conversation = useQuery(chatKeys.conversation(conversationId), (signal) => fetchConversation(conversationId, signal), { notify: unlessNotFound });
  const missing = isNotFound(conversation.error);
  const lastId = conversation.data?.last_message?.id ?? null;
  const { messages, hasOlder, loading, loadingOlder, loadOlder, add } = useMessages(conversationId, lastId);
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number; first: number | undefined } | null>(null);
  const stick = useRef(true);

  useEffect(() => {
    // A conversation that is not there (or not the user's) is said once: nothing to poll.
    if (missing) return;
    const timer = setInterval(() => queryCache.invalidate(chatKeys.conversation(conversationId)), POLL_MS);
    return () => clearInterval(timer);
  }, [conversationId, missing]);

  // Older messages prepended: keep what was on screen where it was. New ones: follow them if at the bottom.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const saved = anchor.current;
    if (saved && saved.first !== messages[0]?.id) {
      element.scrollTop = saved.top + (element.scrollHeight - saved.height);
      anchor.current = null;
    } else if (stick.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages]);

  const newest = messages.at(-1)?.id;
  useEffect(() => {
    if (newest === undefined) return;
    markRead(conversationId, newest).then(
      () => queryCache.invalidate(['chats', 'list'], chatKeys.unread),
      () => undefined,
    );
  }, [conversationId, newest]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
    if (element.scrollTop < 120 && hasOlder && !loadingOlder) {
      anchor.current = { height: element.scrollHeight, top: element.scrollTop, first: messages[0]?.id };
      void loadOlder();
    }
  };

  // The messages stay in sight at 1024 x 768: stacked toasts scroll above them instead of covering them.
  useToastRoomAbove(scroller, conversation.data !== undefined);

  if (!conversation.data) return conversation.error ? <RecordMissing what="Conversation" notFound={missing} /> : <LoadingIndicator label="Loading the conversation" />;
  const item = conversation.data;
  return (
    <div className="conversation">
      <ConversationHeader item={item} />
      <div ref={scroller} className="conversation__messages" onScroll={onScroll} role="log" aria-label={`Messages with ${item.client.legal_name}`} aria-busy={loading || loadingOlder || undefined}>
        {hasOlder && (
          <button type="button" className="conversation__older" onClick={() => void loadOlder()} disabled={loadingOlder}>
            {loadingOlder ? 'Loading older messages...' : 'Load older messages'}
          </button>
        )}
        {loading ? <LoadingIndicator label="Loading messages" /> : messages.map((message) => <Message key={message.id} conversationId={conversationId} message={message} />)}
      </div>
      <Composer
        conversationId={conversationId}
        onSent={(message) => {
          stick.current = true;
          add(message);
        }}
      />
    </div>
  );
}

function ConversationHeader({ item }: { item: ConversationItem }) {
  const id = useId();
  const staff = useQuery(chatKeys.staff, fetchStaff);
  const reminders = useQuery(chatKeys.reminders(item.id), (signal) => fetchReminders(item.id, signal));
  const [at, setAt] = useState('');
  const assign = useAction({ run: (assignee: number | null, { headers }) => assignConversation(item.id, item.version, assignee, headers), success: 'Conversation assigned.', invalidates: [chatKeys.all] });
  const status = useAction({
    run: (next: 'open' | 'resolved', { headers }) => setConversationStatus(item.id, { version: item.version, status: next }, headers),
    success: (result) => (result.status === 'resolved' ? 'Conversation resolved.' : 'Conversation reopened.'),
    invalidates: [chatKeys.all],
  });
  const remind = useAction({
    run: (body: { kind: 'me' | 'client'; preset?: 'in_1_hour' | 'tomorrow_9'; at?: string }, { headers }) => setReminder({ conversation_id: item.id, ...body }, headers),
    success: (result) => (result.results[0]?.kind === 'client' ? 'The client will be reminded if they do not reply.' : `Reminder set for ${formatDubaiDateTime(result.results[0]!.due_at)}.`),
    invalidates: [chatKeys.reminders(item.id)],
    onSuccess: () => setAt(''),
  });
  const cancel = useAction({ run: (reminderId: number, { headers }) => cancelReminder(reminderId, headers), success: 'Reminder cancelled.', invalidates: [chatKeys.reminders(item.id)] });
  const pending = (reminders.data?.results ?? []).filter((reminder) => reminder.status === 'pending');
  const nudging = pending.some((reminder) => reminder.kind === 'client');
  return (
    <header className="conversation__header">
      <div className="conversation__title">
        <h2>{item.client.legal_name}</h2>
        <span className="conversation__status">{item.status === 'open' ? 'Open' : item.status === 'waiting' ? 'Waiting on the client' : 'Resolved'}</span>
      </div>
      <div className="conversation__tools">
        <label htmlFor={`${id}-assignee`}>Assignee</label>
        <select id={`${id}-assignee`} className="filter__control conversation__select" value={item.assignee ? String(item.assignee.id) : ''} onChange={(event) => void assign.run(event.target.value ? Number(event.target.value) : null)}>
          <option value="">Unassigned</option>
          {(staff.data?.staff ?? []).map((person) => (
            <option key={person.id} value={String(person.id)}>
              {person.display_name ?? person.email}
            </option>
          ))}
        </select>
        {item.status === 'resolved' ? (
          <Button variant="outlined" onClick={() => void status.run('open')} loading={status.busy}>
            Reopen
          </Button>
        ) : (
          <Button variant="outlined" onClick={() => void status.run('resolved')} loading={status.busy}>
            Mark resolved
          </Button>
        )}
        <RemindMenu busy={remind.busy}>
          {(close) => (
            <>
              <Button variant="ghost" onClick={() => void remind.run({ kind: 'me', preset: 'in_1_hour' }).then(close)} loading={remind.busy}>
                In 1 hour
              </Button>
              <Button variant="ghost" onClick={() => void remind.run({ kind: 'me', preset: 'tomorrow_9' }).then(close)} loading={remind.busy}>
                Tomorrow 9:00
              </Button>
              <span className="remind-menu__at">
                <label className="visually-hidden" htmlFor={`${id}-at`}>
                  Remind me at (Dubai time)
                </label>
                <input id={`${id}-at`} type="datetime-local" className="conversation__when" value={at} onChange={(event) => setAt(event.target.value)} />
                <Button variant="ghost" disabled={!at} onClick={() => void remind.run({ kind: 'me', at: dubaiDateTimeIso(at.slice(0, 10), at.slice(11, 16)) }).then(close)}>
                  Set
                </Button>
              </span>
              <Button variant="outlined" disabled={nudging} onClick={() => void remind.run({ kind: 'client' }).then(close)}>
                Remind the client if no reply
              </Button>
            </>
          )}
        </RemindMenu>
      </div>
      {pending.length > 0 && (
        <ul className="conversation__reminders">
          {pending.map((reminder) => (
            <ReminderRow key={reminder.id} reminder={reminder} onCancel={() => void cancel.run(reminder.id)} />
          ))}
        </ul>
      )}
    </header>
  );
}

/**
 * 'Remind me' opens the reminder choices under it, over the messages, so the header stays one row of tools
 * and the messages keep the height (issue 34: at 1024 x 768 the reminder rows left them about 140 px).
 * Escape, a click elsewhere or a choice made closes it.
 */
function RemindMenu({ busy, children }: { busy: boolean; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useDismiss(open, wrapper, (by) => {
    setOpen(false);
    if (by === 'escape') toggle.current?.focus();
  });
  return (
    <div className="remind-menu" ref={wrapper}>
      <button ref={toggle} type="button" className="button button--ghost" aria-expanded={open} aria-controls={menuId} aria-busy={busy || undefined} onClick={() => setOpen(!open)}>
        Remind me
      </button>
      {open && (
        <div id={menuId} className="remind-menu__panel" role="group" aria-label="Reminders">
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}

function ReminderRow({ reminder, onCancel }: { reminder: ChatReminder; onCancel: () => void }) {
  const what = reminder.kind === 'me' ? 'Reminder for you' : reminder.last_step ? 'Last reminder to the client, then waiting' : 'Reminder to the client';
  return (
    <li>
      {what} at {formatDubaiDateTime(reminder.due_at)}
      {(reminder.kind === 'me' || reminder.step === 1) && (
        <button type="button" className="link-button conversation__cancel" onClick={onCancel}>
          Cancel
        </button>
      )}
    </li>
  );
}

function Message({ conversationId, message }: { conversationId: number; message: ChatMessage }) {
  const [open, setOpen] = useState(false);
  const load = useCallback((signal: AbortSignal) => fetchMessageFile(conversationId, message.id, signal), [conversationId, message.id]);
  const who = message.author ? (message.author.display_name ?? message.author.email) : message.from_client ? 'Client' : 'Staff';
  return (
    <article className={message.from_client ? 'message message--client' : 'message message--staff'} data-message-id={message.id}>
      <span className="message__who">
        {who} · <time dateTime={message.created_at}>{formatFull(message.created_at)}</time>
      </span>
      {message.body && (
        <p className="message__text">
          {linkParts(message.body).map((part, index) =>
            part.kind === 'text' ? (
              part.text
            ) : (
              <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
                {part.href}
              </a>
            ),
          )}
        </p>
      )}
      {message.attachment && (
        <>
          <button type="button" className="link-button message__file" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
            {message.attachment.file_name} ({Math.ceil(message.attachment.size_bytes / 1024)} kB)
          </button>
          {open && <FilePreview label={message.attachment.file_name} file={{ ...message.attachment, key: String(message.id), load }} />}
        </>
      )}
    </article>
  );
}

function Composer({ conversationId, onSent }: { conversationId: number; onSent: (message: ChatMessage) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const canned = useQuery(chatKeys.canned, fetchCanned);
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useAction({
    run: async (_input: void, { headers }) => {
      const body: PostMessageBody = { body: text, ...(file ? { attachment: { file_name: file.name, content_type: file.type as DocumentContentType, content_base64: await readBase64(file) } } : {}) };
      return postMessage(conversationId, body, headers);
    },
    invalidates: [['chats', 'list'], chatKeys.conversation(conversationId)],
    onSuccess: (message) => {
      setText('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      onSent(message);
    },
  });
  const blank = text.trim() === '' && !file;
  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank) void send.run();
      }}
    >
      <label className="visually-hidden" htmlFor={`${id}-text`}>
        Message
      </label>
      <textarea
        id={`${id}-text`}
        className="composer__text"
        value={text}
        rows={3}
        placeholder="Write a reply"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            if (!blank) void send.run();
          }
        }}
      />
      <LengthCounter value={text} limit={MAX_MESSAGE_LENGTH} />
      <div className="composer__tools">
        <label className="visually-hidden" htmlFor={`${id}-canned`}>
          Canned reply
        </label>
        <select id={`${id}-canned`} className="filter__control" value="" onChange={(event) => setText((canned.data?.results ?? []).find((reply) => String(reply.id) === event.target.value)?.body ?? text)}>
          <option value="">Canned reply...</option>
          {(canned.data?.results ?? []).map((reply) => (
            <option key={reply.id} value={String(reply.id)}>
              {reply.title}
            </option>
          ))}
        </select>
        <label className="composer__attach">
          Attach
          <input
            ref={fileInput}
            type="file"
            accept="application/pdf,image/png,image/jpeg"
            onChange={(event) => {
              const picked = event.target.files?.[0] ?? null;
              const why = picked ? documentFileProblem(picked, 'Attach') : null;
              setProblem(why);
              setFile(why ? null : picked);
            }}
          />
        </label>
        {file && <span className="composer__file">{file.name}</span>}
        {(problem ?? send.formError) && (
          <span className="composer__problem" role="alert">
            {problem ?? send.formError}
          </span>
        )}
        <Button type="submit" className="composer__send" loading={send.busy} disabled={blank}>
          Send
        </Button>
      </div>
    </form>
  );
}
