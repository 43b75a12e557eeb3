/**
 * The chat-assistant widget's conversation (spec sections 2, 3, 4 and 9): module-level signals, so it
 * survives moving between pages (the shell's widget reads them again) but not a reload. The assistant is a
 * local simulation: replies are canned and no request leaves the page.
 */
import { batch, computed, effect, signal } from '@preact/signals-react';
import { session } from '../../state/session.ts';

/** The three states of spec section 4; each view's back or close returns to the one before it. */
export type ChatView = 'closed' | 'welcome' | 'chat';

export interface ChatMessage {
  user: 'Bot' | 'User';
  text: string;
  /** Epoch milliseconds. */
  timestamp: number;
}

export const CHAT_GREETING = 'Hello! How can I help you today?';
export const CHAT_WELCOME = 'Welcome to the chat! How can I assist you today?';
export const CHAT_REPLY = 'Thanks for your message! A member of our team will get back to you shortly.';
/** What the 'Schedule a meeting' card asks for a role without the Call Schedule page: the team then gets back. */
export const MEETING_REQUEST = 'I would like to schedule a meeting with the team.';

/** Spec section 9: a reply comes 1000 ms plus a random 0 to 1000 ms after its question. */
export const REPLY_DELAY_MS = 1000;
export const REPLY_JITTER_MS = 1000;

export const chatView = signal<ChatView>('closed');
export const chatMessages = signal<readonly ChatMessage[]>([]);

/** When each question still waiting for its reply gets it (epoch ms), oldest first. */
const replyQueue = signal<readonly number[]>([]);
let replyTimer: ReturnType<typeof setTimeout> | undefined;

/** True while a reply is pending: the typing indicator shows. */
export const botTyping = computed(() => replyQueue.value.length > 0);

/** The launcher opens the welcome view. */
export function openWidget(): void {
  chatView.value = 'welcome';
}

/** Overlay click and Escape close the widget from either view. */
export function closeWidget(): void {
  chatView.value = 'closed';
}

/** Back from the chat view goes to the welcome view, close from the welcome view closes the widget. */
export function previousView(): void {
  chatView.value = chatView.value === 'chat' ? 'welcome' : 'closed';
}

/**
 * The 'Ask a question' card. The first time in a conversation the chat view starts with the greeting and
 * gains the welcome message; later openings show the conversation as it stands.
 */
export function openChat(): void {
  if (chatMessages.value.length === 0) {
    const now = Date.now();
    chatMessages.value = [botMessage(CHAT_GREETING, now), botMessage(CHAT_WELCOME, now)];
  }
  chatView.value = 'chat';
}

/** The 'Schedule a meeting' card where there is no page to book on: the chat, with the request sent. */
export function requestMeeting(): void {
  openChat();
  sendMessage(MEETING_REQUEST);
}

/**
 * Sends the user's text and queues its reply; blank or whitespace-only text is ignored (spec section 5).
 * Returns whether it was sent.
 */
export function sendMessage(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed) return false;
  const now = Date.now();
  // Never before the reply queued ahead of it, so replies keep the order of their questions; since every
  // question is sent after the one before, each reply still lands 1000 to 2000 ms after its own question.
  const due = Math.max(now + REPLY_DELAY_MS + Math.random() * REPLY_JITTER_MS, replyQueue.value.at(-1) ?? 0);
  batch(() => {
    chatMessages.value = [...chatMessages.value, { user: 'User', text: trimmed, timestamp: now }];
    replyQueue.value = [...replyQueue.value, due];
  });
  if (replyQueue.value.length === 1) scheduleNextReply();
  return true;
}

function scheduleNextReply(): void {
  const due = replyQueue.value[0];
  if (due === undefined) return;
  replyTimer = setTimeout(deliverDueReplies, Math.max(due - Date.now(), 0));
}

/** Every reply due by now at once: a further timer for the same instant would land a few ms late. */
function deliverDueReplies(): void {
  replyTimer = undefined;
  const now = Date.now();
  const count = Math.max(replyQueue.value.filter((due) => due <= now).length, 1);
  const replies = Array.from({ length: count }, () => botMessage(CHAT_REPLY, now));
  batch(() => {
    chatMessages.value = [...chatMessages.value, ...replies];
    replyQueue.value = replyQueue.value.slice(count);
  });
  scheduleNextReply();
}

function botMessage(text: string, timestamp: number): ChatMessage {
  return { user: 'Bot', text, timestamp };
}

/** A fresh conversation, widget closed and pending replies dropped. */
export function resetChat(): void {
  clearTimeout(replyTimer);
  replyTimer = undefined;
  replyQueue.value = [];
  chatMessages.value = [];
  chatView.value = 'closed';
}

// One user's conversation is never shown to the next one signing in on the same tab.
let signedInUid = session.peek().uid;
effect(() => {
  const uid = session.value.uid;
  if (uid === signedInUid) return;
  signedInUid = uid;
  resetChat();
});
