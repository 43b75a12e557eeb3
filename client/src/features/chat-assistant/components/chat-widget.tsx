import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { canSee, routeByKey } from '../../../../../common/access.ts';
import { isStaffRole } from '../../../../../common/roles.ts';
import { formatFull, formatTime } from '../../../lib/dates.ts';
import {
  botTyping,
  chatMessages,
  chatView,
  closeWidget,
  openChat,
  openWidget,
  previousView,
  requestMeeting,
  sendMessage,
  type ChatMessage,
  type ChatView,
} from '../model.ts';
import { session } from '../../../state/session.ts';
import { Card } from '../../../components/card.tsx';
import { Icon } from '../../../components/icon.tsx';
import './chat-widget.css';

const callSchedulePath = routeByKey('call-schedules').path;

const SENDER: Record<ChatMessage['user'], string> = { Bot: 'Assistant', User: 'You' };

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The assistant of every signed-in page: its launcher sits in the top bar's tool area, so it can never lie
 * over a page's content at any width (a launcher floating at the bottom right covered a control
 * on page after page); the 350 by 500 px panel floats under the top bar's right end, over an overlay. The
 * overlay and the panel render into the document's body, outside the top bar's stacking context, so the
 * overlay covers the side column too.
 */
export function ChatWidget() {
  useSignals();
  const view = chatView.value;
  const launcher = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const [location] = useLocation();

  // Leaving the page (the schedule card's link, history back) closes the panel over it.
  useEffect(() => {
    closeWidget();
  }, [location]);

  useEffect(() => {
    if (view !== 'closed') {
      wasOpen.current = true;
      return;
    }
    if (wasOpen.current) launcher.current?.focus();
    wasOpen.current = false;
  }, [view]);

  useEffect(() => {
    if (view === 'closed') return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') closeWidget();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [view]);

  return (
    <>
      <button
        ref={launcher}
        type="button"
        className="chat-widget__launcher"
        aria-label="Chat assistant"
        aria-haspopup="dialog"
        aria-expanded={view !== 'closed'}
        onClick={openWidget}
      >
        <Icon name="chat" size={20} />
      </button>
      {view !== 'closed' &&
        createPortal(
          <div className="chat-widget">
            {/* A pointer target only; keyboard users close with Escape or the panel's own buttons. */}
            <div className="chat-widget__overlay" aria-hidden="true" onClick={closeWidget} />
            <ChatPanel view={view} />
          </div>,
          document.body,
        )}
    </>
  );
}

function ChatPanel({ view }: { view: Exclude<ChatView, 'closed'> }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  // The chat view's input takes focus itself (autoFocus); the welcome view puts it on the dialog, which
  // announces its label and starts the Tab order at its first card.
  useEffect(() => {
    if (view === 'welcome') panel.current?.focus();
  }, [view]);

  // Tab and Shift+Tab cycle inside the modal panel instead of reaching the page under the overlay.
  const keepFocusInside = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      ref={panel}
      className="chat-widget__panel"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={keepFocusInside}
    >
      <header className="chat-widget__header">
        {view === 'chat' && (
          <button type="button" className="icon-button chat-widget__header-button" aria-label="Back" onClick={previousView}>
            <Icon name="arrow-left" size={18} />
          </button>
        )}
        <h2 id={titleId} className="chat-widget__title">
          Chat assistant
        </h2>
        {view === 'welcome' && (
          <button type="button" className="icon-button chat-widget__header-button" aria-label="Close" onClick={previousView}>
            <Icon name="close" size={18} />
          </button>
        )}
      </header>
      {view === 'welcome' ? <WelcomeView /> : <Conversation />}
    </div>
  );
}

function WelcomeView() {
  useSignals();
  const { display_name, role } = session.value;
  const scheduleContent = (
    <>
      <span className="chat-widget__card-title">
        <Icon name="calendar" size={18} />
        Schedule a meeting
      </span>
      <span className="chat-widget__card-text">Prefer to talk it through? Book a call with our team.</span>
    </>
  );
  return (
    <div className="chat-widget__welcome">
      <p className="chat-widget__greeting">Hi {display_name || 'there'}!</p>
      <p className="chat-widget__lead">How can we help you today?</p>
      <Card onOpen={openChat}>
        <span className="chat-widget__card-title">
          <Icon name="chat" size={18} />
          Ask a question
        </span>
        <span className="chat-widget__card-text">Our assistant answers right here.</span>
      </Card>
      {/* The Call Schedule page books meetings; a role without it asks the team through the chat instead. */}
      {isStaffRole(role) && canSee(role, 'call-schedules') ? <Card url={callSchedulePath}>{scheduleContent}</Card> : <Card onOpen={requestMeeting}>{scheduleContent}</Card>}
    </div>
  );
}

function Conversation() {
  useSignals();
  const messages = chatMessages.value;
  const typing = botTyping.value;
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const log = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [messages, typing]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendMessage(draft)) setDraft('');
  };

  return (
    <>
      {/* Focusable so keyboard users can scroll back through the conversation. */}
      <div ref={log} className="chat-widget__log" role="log" aria-label="Conversation" tabIndex={0}>
        <ol className="chat-widget__messages">
          {messages.map((message, index) => (
            // Messages are only ever appended, so the position is a stable key.
            <li key={index} className={`chat-message chat-message--${message.user === 'Bot' ? 'bot' : 'user'}`}>
              <p className="chat-message__text">{message.text}</p>
              <p className="chat-message__meta">
                {SENDER[message.user]} ·{' '}
                <time dateTime={new Date(message.timestamp).toISOString()} title={formatFull(message.timestamp)}>
                  {formatTime(message.timestamp)}
                </time>
              </p>
            </li>
          ))}
        </ol>
        {typing && (
          <div className="chat-typing">
            <span className="visually-hidden">Assistant is typing</span>
            <span className="chat-typing__dot" aria-hidden="true" />
            <span className="chat-typing__dot" aria-hidden="true" />
            <span className="chat-typing__dot" aria-hidden="true" />
          </div>
        )}
      </div>
      <form className="chat-widget__composer" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          Your message
        </label>
        <input
          id={inputId}
          className="chat-widget__input"
          type="text"
          autoComplete="off"
          placeholder="Type your question"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          autoFocus
        />
        <button type="submit" className="chat-widget__send" aria-label="Send" disabled={!draft.trim()}>
          <Icon name="send" size={18} />
        </button>
      </form>
      <p className="chat-widget__disclaimer">AI assistant may produce inaccurate information</p>
    </>
  );
}
