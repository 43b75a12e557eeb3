import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { canSee, routeByKey, type RouteKey } from '../../../common/access.ts';
import { isStaffRole } from '../../../common/roles.ts';
import { Dialog } from '../components/dialog.tsx';
import { currentPageShortcuts, isShortcutKey, searchOpen, shortcutsOpen, type Shortcut } from '../lib/shortcuts.ts';
import { session } from '../state/session.ts';
import { CommandPalette } from './command-palette.tsx';

/** 'g' then a letter goes to an area (Linear's convention); only the areas the role may open. */
export const GO_TO: readonly { key: string; route: RouteKey }[] = [
  { key: 'h', route: 'home' },
  { key: 'r', route: 'registrations' },
  { key: 's', route: 'call-schedules' },
  { key: 'd', route: 'due-diligence' },
  { key: 'p', route: 'pending-payments' },
  { key: 'a', route: 'pending-activation' },
  { key: 'c', route: 'clients' },
  { key: 't', route: 'tasks' },
  { key: 'm', route: 'chats' },
  { key: 'o', route: 'on-demand-requests' },
  { key: 'i', route: 'unsynced-inv' },
  { key: 'e', route: 'contactus' },
  { key: 'l', route: 'crm' },
  { key: 'u', route: 'users' },
  { key: 'f', route: 'faqs' },
  { key: 'k', route: 'careers' },
];

/** How long after 'g' the second letter is waited for. */
const CHORD_MS = 1200;

/**
 * The shell's keyboard layer: Ctrl+K / Cmd+K opens search everywhere, '?' lists every shortcut of the page,
 * 'g' then a letter goes to an area. Nothing fires while the user types in a field or a dialog is open.
 */
export function KeyboardLayer() {
  useSignals();
  const [, navigate] = useLocation();
  const role = session.value.role;
  const chord = useRef(0);
  const goTo = isStaffRole(role) ? GO_TO.filter((entry) => canSee(role, entry.route)) : [];
  const goToRef = useRef(goTo);
  goToRef.current = goTo;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        searchOpen.value = true;
        return;
      }
      if (!isShortcutKey(event)) return;
      if (Date.now() - chord.current < CHORD_MS) {
        chord.current = 0;
        const target = goToRef.current.find((entry) => entry.key === event.key.toLowerCase());
        if (target) {
          event.preventDefault();
          navigate(routeByKey(target.route).path);
        }
        return;
      }
      if (event.key === 'g') {
        chord.current = Date.now();
        return;
      }
      if (event.key === '?') {
        event.preventDefault();
        shortcutsOpen.value = true;
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate]);

  return (
    <>
      {searchOpen.value && <CommandPalette onClose={() => (searchOpen.value = false)} />}
      {shortcutsOpen.value && <ShortcutOverlay goTo={goTo} onClose={() => (shortcutsOpen.value = false)} />}
    </>
  );
}

function ShortcutOverlay({ goTo, onClose }: { goTo: readonly { key: string; route: RouteKey }[]; onClose: () => void }) {
  useSignals();
  const page = currentPageShortcuts();
  const global: Shortcut[] = [
    { keys: 'Ctrl+K', description: 'Search everywhere (Cmd+K on a Mac)' },
    { keys: '?', description: 'Show these shortcuts' },
    ...goTo.map((entry) => ({ keys: `g ${entry.key}`, description: `Go to ${routeByKey(entry.route).name}` })),
  ];
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose}>
      <div className="shortcuts">
        {page.length > 0 && <ShortcutTable caption="On this page" shortcuts={page} />}
        <ShortcutTable caption="Everywhere" shortcuts={global} />
        <p className="shortcuts__note">Shortcuts do nothing while you type in a field.</p>
      </div>
    </Dialog>
  );
}

function ShortcutTable({ caption, shortcuts }: { caption: string; shortcuts: readonly Shortcut[] }) {
  return (
    <table className="shortcuts__table">
      <caption>{caption}</caption>
      <tbody>
        {shortcuts.map((shortcut) => (
          <tr key={shortcut.keys}>
            <th scope="row">
              {shortcut.keys.split(' ').map((key, index) => (
                <span key={index}>
                  {index > 0 && ' '}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </th>
            <td>{shortcut.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
