// @vitest-environment happy-dom
/**
 * The chat-assistant widget rendered with React into happy-dom. Fake timers (and a fake clock) drive the
 * simulated reply window; Math.random is pinned per test to reach both ends of it.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatWidget } from '../../../../client/src/features/chat-assistant/components/chat-widget.tsx';
import { CHAT_GREETING, CHAT_REPLY, CHAT_WELCOME, MEETING_REQUEST, REPLY_DELAY_MS, REPLY_JITTER_MS, chatMessages, resetChat } from '../../../../client/src/features/chat-assistant/model.ts';
import { resetSession, setSession } from '../../../../client/src/state/session.ts';
import { useReactRoot } from '../../react-dom.ts';

const dom = useReactRoot();
const { render } = dom;

// The panel is portalled to document.body (it floats under the top bar), so queries look there, not in the root's container.
function $<T extends HTMLElement = HTMLElement>(selector: string): T | null {
  return document.body.querySelector<T>(selector);
}
const texts = (selector: string) => [...document.body.querySelectorAll(selector)].map((element) => element.textContent?.trim());
const dialog = () => $('[role="dialog"]');
const launcher = () => $<HTMLButtonElement>('button[aria-label="Chat assistant"]');
const button = (label: string) => $<HTMLButtonElement>(`[role="dialog"] button[aria-label="${label}"]`);
const card = (title: string) => [...document.body.querySelectorAll<HTMLElement>('.card')].find((element) => element.textContent?.includes(title));
const input = () => $<HTMLInputElement>('.chat-widget__input');
const send = () => $<HTMLButtonElement>('button[aria-label="Send"]');
const messageTexts = () => texts('.chat-message__text');
const replies = () => messageTexts().filter((text) => text === CHAT_REPLY).length;
const typing = () => $('.chat-typing') !== null;

function click(element: HTMLElement | null | undefined) {
  if (!element) throw new Error('nothing to click');
  act(() => element.click());
}

function pressKey(target: Element | null, key: string, shiftKey = false) {
  act(() => {
    target?.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }));
  });
}

/** Types as the user would: the input's own value setter (React tracks it), then an input event. */
function type(text: string) {
  const field = input();
  if (!field) throw new Error('no input');
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Enter in the field submits its form; happy-dom has no implicit submission, so the submit is raised here. */
function pressEnter() {
  act(() => {
    input()?.form?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

function ask(text: string) {
  type(text);
  pressEnter();
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function openChatView() {
  click(launcher());
  click(card('Ask a question'));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  // 06:30 UTC is 10:30 AM in Dubai.
  vi.setSystemTime(new Date('2026-11-23T06:30:00Z'));
  resetSession();
  resetChat();
  history.replaceState(null, '', '/');
  act(() => setSession({ uid: 'uid-sara', display_name: 'Sara Khoury', role: 'ADMIN' }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('views', () => {
  it('is closed at first: only the launcher shows', () => {
    render(<ChatWidget />);
    expect(launcher()?.getAttribute('aria-expanded')).toBe('false');
    expect(launcher()?.getAttribute('aria-haspopup')).toBe('dialog');
    expect(dialog()).toBeNull();
    expect($('.chat-widget__overlay')).toBeNull();
  });

  it('opens the welcome view as a labelled modal dialog with the user’s name, focus inside', () => {
    render(<ChatWidget />);
    click(launcher());
    const panel = dialog();
    expect(panel?.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(panel!.getAttribute('aria-labelledby')!)?.textContent).toBe('Chat assistant');
    expect(launcher()?.getAttribute('aria-expanded')).toBe('true');
    expect(texts('.chat-widget__greeting')).toEqual(['Hi Sara Khoury!']);
    expect(card('Ask a question')?.tagName).toBe('BUTTON');
    expect(card('Schedule a meeting')).toBeDefined();
    expect(panel!.contains(document.activeElement)).toBe(true);
  });

  it('goes welcome -> chat -> back to welcome -> close, focus back on the launcher', () => {
    render(<ChatWidget />);
    click(launcher());
    click(card('Ask a question'));
    expect($('[role="log"]')).not.toBeNull();
    expect(document.activeElement).toBe(input());
    expect(button('Close')).toBeNull();
    click(button('Back'));
    expect($('[role="log"]')).toBeNull();
    expect(card('Ask a question')).toBeDefined();
    expect(dialog()!.contains(document.activeElement)).toBe(true);
    click(button('Close'));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(launcher());
  });

  it('closes from the chat view on Escape, focus back on the launcher', () => {
    render(<ChatWidget />);
    openChatView();
    pressKey(input(), 'Escape');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(launcher());
  });

  it('closes on an overlay click', () => {
    render(<ChatWidget />);
    openChatView();
    click($('.chat-widget__overlay'));
    expect(dialog()).toBeNull();
    expect(launcher()?.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps Tab inside the panel', () => {
    render(<ChatWidget />);
    click(launcher());
    const close = button('Close');
    const schedule = card('Schedule a meeting');
    act(() => schedule?.focus());
    pressKey(schedule!, 'Tab');
    expect(document.activeElement).toBe(close);
    pressKey(close, 'Tab', true);
    expect(document.activeElement).toBe(schedule);
  });
});

describe('the welcome message', () => {
  it('starts the chat view with the greeting and adds the welcome message once only', () => {
    render(<ChatWidget />);
    openChatView();
    expect(messageTexts()).toEqual([CHAT_GREETING, CHAT_WELCOME]);
    click(button('Back'));
    click(card('Ask a question'));
    click($('.chat-widget__overlay'));
    openChatView();
    expect(messageTexts()).toEqual([CHAT_GREETING, CHAT_WELCOME]);
    expect(texts('.chat-message--bot .chat-message__text')).toEqual([CHAT_GREETING, CHAT_WELCOME]);
  });
});

describe('the input', () => {
  it('disables send and sends nothing for blank or whitespace-only text', () => {
    render(<ChatWidget />);
    openChatView();
    expect(send()?.disabled).toBe(true);
    type('   \t ');
    expect(send()?.disabled).toBe(true);
    pressEnter();
    advance(5000);
    expect(messageTexts()).toEqual([CHAT_GREETING, CHAT_WELCOME]);
    type('  Where is my invoice?  ');
    expect(send()?.disabled).toBe(false);
  });

  it('sends on Enter and on the send button, clearing the field, each message with its time', () => {
    render(<ChatWidget />);
    openChatView();
    ask('Where is my invoice?');
    expect(input()?.value).toBe('');
    type('And my receipt?');
    click(send());
    expect(texts('.chat-message--user .chat-message__text')).toEqual(['Where is my invoice?', 'And my receipt?']);
    expect(texts('.chat-message__meta')).toEqual(['Assistant · 10:30 AM', 'Assistant · 10:30 AM', 'You · 10:30 AM', 'You · 10:30 AM']);
    expect($('time')?.getAttribute('dateTime')).toBe('2026-11-23T06:30:00.000Z');
  });

  it('shows the disclaimer', () => {
    render(<ChatWidget />);
    openChatView();
    expect(texts('.chat-widget__disclaimer')).toEqual(['AI assistant may produce inaccurate information']);
  });
});

describe('the simulated reply', () => {
  it('comes no sooner than 1000 ms (random 0), with the typing indicator meanwhile', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    render(<ChatWidget />);
    openChatView();
    ask('Hello?');
    expect(typing()).toBe(true);
    advance(999);
    expect(replies()).toBe(0);
    expect(typing()).toBe(true);
    advance(1);
    expect(replies()).toBe(1);
    expect(typing()).toBe(false);
  });

  it('always comes by 2000 ms (random close to 1)', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.9999);
    render(<ChatWidget />);
    openChatView();
    ask('Hello?');
    advance(1998);
    expect(replies()).toBe(0);
    advance(2);
    expect(replies()).toBe(1);
    expect(messageTexts().at(-1)).toBe(CHAT_REPLY);
  });

  it('answers every message sent while a reply is pending, in order, each within its own window', () => {
    vi.spyOn(Math, 'random').mockReturnValueOnce(0.9).mockReturnValueOnce(0).mockReturnValueOnce(0.5);
    render(<ChatWidget />);
    openChatView();
    ask('first'); // due at 1900
    advance(500);
    ask('second'); // its own 1000 would be 1500: waits for the first, 1900
    advance(500);
    ask('third'); // 1000 + 1500 = 2500
    advance(899);
    expect(replies()).toBe(0);
    advance(1);
    expect(replies()).toBe(2);
    expect(typing()).toBe(true);
    advance(599);
    expect(replies()).toBe(2);
    advance(1);
    expect(replies()).toBe(3);
    expect(typing()).toBe(false);
    expect(messageTexts().slice(2)).toEqual(['first', 'second', 'third', CHAT_REPLY, CHAT_REPLY, CHAT_REPLY]);
  });

  it('never calls fetch or XMLHttpRequest', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const xhrSpy = vi.spyOn(XMLHttpRequest.prototype, 'open');
    render(<ChatWidget />);
    openChatView();
    ask('Anyone there?');
    advance(2000);
    expect(replies()).toBe(1);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(xhrSpy).not.toHaveBeenCalled();
  });
});

describe('the conversation', () => {
  it('survives the widget unmounting (leaving the page) and still gets its reply meanwhile', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    render(<ChatWidget />);
    openChatView();
    ask('Still there after I move?');
    render(<p>another page</p>);
    advance(1500);
    render(<ChatWidget />);
    openChatView();
    expect(messageTexts()).toEqual([CHAT_GREETING, CHAT_WELCOME, 'Still there after I move?', CHAT_REPLY]);
  });

  it('is dropped when the user signs out, pending replies included', () => {
    render(<ChatWidget />);
    openChatView();
    ask('Private question');
    act(() => resetSession());
    advance(5000);
    expect(chatMessages.value).toEqual([]);
    expect(dialog()).toBeNull();
  });

  it('is kept when the session changes without a new user (token refresh)', () => {
    render(<ChatWidget />);
    openChatView();
    ask('Kept?');
    act(() => setSession({ access_token: 'refreshed' }));
    expect(messageTexts()).toContain('Kept?');
  });
});

describe('the schedule card', () => {
  it('links to the Call Schedule page for a role that may see it, and closes the widget when followed', () => {
    render(<ChatWidget />);
    click(launcher());
    const link = card('Schedule a meeting');
    expect(link?.tagName).toBe('A');
    expect(link?.getAttribute('href')).toBe('/call-schedules');
    click(link);
    expect(location.pathname).toBe('/call-schedules');
    expect(dialog()).toBeNull();
  });

  it('asks the team through the chat for a role without the Call Schedule page, rather than doing nothing', () => {
    vi.useFakeTimers();
    act(() => setSession({ role: 'BOOKKEEPER' }));
    render(<ChatWidget />);
    click(launcher());
    const schedule = card('Schedule a meeting');
    expect(schedule?.tagName).toBe('BUTTON');
    expect(schedule?.getAttribute('href')).toBeNull();
    click(schedule);
    expect(messageTexts()).toContain(MEETING_REQUEST);
    act(() => vi.advanceTimersByTime(REPLY_DELAY_MS + REPLY_JITTER_MS));
    expect(messageTexts().at(-1)).toBe(CHAT_REPLY);
    vi.useRealTimers();
  });
});
