/**
 * One conversation: header with assignment, status and reminders; the messages (older pages load as the
 * list scrolls to its top without moving what is on screen; new ones arrive live); the composer with canned
 * replies and an attachment. Message text is rendered as text, links as plain safe links.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { RecordMissing } from '../../../components/record-not-found.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { isNotFound, unlessNotFound } from '../../../lib/errors.ts';
import { queryCache } from '../../../lib/query-cache.ts';
import { useToastRoomAbove } from '../../../lib/toast-room.ts';
import { chatKeys, markRead, useConversation } from '../api.ts';
import { useMessages } from './use-messages.ts';
import '../../../components/filters.css';
import { ConversationHeader } from './conversation-header.tsx';
import { Composer, Message } from './message.tsx';

/** Staff who are not told of a message by a notification still see it within this long. */
const POLL_MS = 5000;

export function Conversation({ conversationId }: { conversationId: number }) {
  const conversation = useConversation(conversationId, { notify: unlessNotFound });
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
