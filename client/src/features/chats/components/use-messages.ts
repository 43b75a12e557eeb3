/**
 * The open conversation's messages: the newest page first, older pages prepended as the list scrolls to
 * its top (the scroll position is kept, so nothing jumps), and new ones appended whenever the
 * conversation's last message moves on (the live notification invalidates it; a slow poll covers staff who
 * are not notified). Ids are the conversation's order, so merging by id never reorders or repeats.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../../../../../common/contract/chats.ts';
import { isNotFound } from '../../../lib/errors.ts';
import { notifyError } from '../../../lib/toast.ts';
import { fetchMessages } from '../api.ts';

export const PAGE = 30;

function merge(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function useMessages(conversationId: number, lastMessageId: number | null) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [before, setBefore] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const latest = useRef(0);
  latest.current = messages.at(-1)?.id ?? 0;

  useEffect(() => {
    const controller = new AbortController();
    setMessages([]);
    setLoading(true);
    fetchMessages(conversationId, { limit: PAGE }, controller.signal).then(
      (page) => {
        setMessages(page.results);
        setBefore(page.before);
        setLoading(false);
      },
      (error: unknown) => {
        // A missing conversation is said once, by the conversation pane (its own read answers 404 too).
        if (!controller.signal.aborted && !isNotFound(error)) notifyError(error);
      },
    );
    return () => controller.abort();
  }, [conversationId]);

  const catchUp = useCallback(async () => {
    const page = await fetchMessages(conversationId, { after: latest.current, limit: 100 });
    if (page.results.length > 0) setMessages((current) => merge(current, page.results));
  }, [conversationId]);

  useEffect(() => {
    if (!loading && lastMessageId !== null && lastMessageId > latest.current) catchUp().catch(notifyError);
  }, [lastMessageId, loading, catchUp]);

  const loadOlder = useCallback(async () => {
    if (before === null || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchMessages(conversationId, { before, limit: PAGE });
      setMessages((current) => merge(current, page.results));
      setBefore(page.before);
    } catch (error) {
      notifyError(error);
    } finally {
      setLoadingOlder(false);
    }
  }, [conversationId, before, loadingOlder]);

  const add = useCallback((message: ChatMessage) => setMessages((current) => merge(current, [message])), []);

  return { messages, hasOlder: before !== null, loading, loadingOlder, loadOlder, add };
}
