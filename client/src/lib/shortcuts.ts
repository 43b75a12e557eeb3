/**
 * The keyboard layer's shared state: the shortcuts the current page adds (a list's j/k/x/Enter),
 * which the '?' overlay lists beside the global ones, whether search everywhere is open, and the one rule
 * that keeps every shortcut quiet while the user types in a field.
 */
import { signal } from '@preact/signals-react';
import { useEffect } from 'react';

export interface Shortcut {
  /** As shown: 'j', 'g d', 'Ctrl+K'. */
  keys: string;
  description: string;
}

/** Search everywhere (Ctrl+K, the top bar's field). */
export const searchOpen = signal(false);
/** The shortcut overlay ('?'). */
export const shortcutsOpen = signal(false);

const pageShortcuts = signal<readonly (readonly Shortcut[])[]>([]);

/** The shortcuts pages have registered, in mount order. */
export function currentPageShortcuts(): Shortcut[] {
  const seen = new Set<string>();
  return pageShortcuts.value.flat().filter((shortcut) => !seen.has(shortcut.keys) && seen.add(shortcut.keys));
}

/** Lists a page's shortcuts in the overlay while the calling component is mounted. */
export function usePageShortcuts(shortcuts: readonly Shortcut[]): void {
  useEffect(() => {
    pageShortcuts.value = [...pageShortcuts.value, shortcuts];
    return () => {
      pageShortcuts.value = pageShortcuts.value.filter((entry) => entry !== shortcuts);
    };
  }, [shortcuts]);
}

/** Typing in a field, or a modal dialog open: single-key shortcuts stay quiet. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type);
  }
  return false;
}

/** Whether a plain key press (no Ctrl, Alt or Meta) may act as a shortcut now. */
export function isShortcutKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (isTypingTarget(event.target)) return false;
  return document.querySelector('dialog[open]') === null;
}
