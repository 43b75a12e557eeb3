/**
 * Inline SVG icons as one component (no icon font, no network): one per IconName of the route table, plus the few the shell
 * needs. Drawn on a 24 px grid with strokes so they inherit the text colour.
 */
import type { ReactNode } from 'react';
import type { IconName } from '../../../common/access.ts';

export type ShellIconName =
  | 'bell'
  | 'logout'
  | 'chevron-down'
  | 'arrow-left'
  | 'external'
  | 'shield'
  | 'close'
  | 'search'
  | 'download'
  | 'chat'
  | 'send'
  | 'calendar';

const PATHS: Record<IconName | ShellIconName, ReactNode> = {
  home: <path d="M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-6h3v6h5V9.5" />,
  crm: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5M16 4.8a3.5 3.5 0 0 1 0 6.4M18.5 14.8c1.7.8 2.7 2.5 3 5.2" />
    </>
  ),
  enquiries: <path d="M4 5h16v11H9l-5 4V5zM8 9.5h8M8 12.5h5" />,
  onboarding: <path d="M4 19V5h10l-1.5 3.5L14 12H4M4 19h2" />,
  registration: (
    <>
      <rect x="5" y="3.5" width="14" height="17" rx="2" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </>
  ),
  call: <path d="M6.5 3.5h3l1.5 4-2 1.3a11 11 0 0 0 6.2 6.2l1.3-2 4 1.5v3a2 2 0 0 1-2.2 2A16.5 16.5 0 0 1 4.5 5.7a2 2 0 0 1 2-2.2z" />,
  diligence: (
    <>
      <circle cx="10.5" cy="10.5" r="6" />
      <path d="m15 15 5.5 5.5M8 10.5l2 2 3.5-3.5" />
    </>
  ),
  plan: (
    <>
      <rect x="3.5" y="6" width="17" height="12" rx="2" />
      <path d="M3.5 10h17M7 14.5h4" />
    </>
  ),
  activation: <path d="M12 3.5v8M7.2 6.6a7 7 0 1 0 9.6 0" />,
  invoice: <path d="M6 3.5h12v17l-2.5-1.5-2 1.5-1.5-1.5-1.5 1.5-2-1.5L6 20.5zM9 8h6M9 11.5h6M9 15h3" />,
  unsynced: <path d="M20 8a8 8 0 0 0-14.5-2.5M4 4v4h4M4 16a8 8 0 0 0 14.5 2.5M20 20v-4h-4M4 4l16 16" />,
  requests: <path d="M5 4h14v16H5zM9 4v3h6V4M9 12h6M9 16h4" />,
  tasks: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="2" />
      <path d="m8 12 3 3 5-6" />
    </>
  ),
  chats: <path d="M4 5h12v9H8l-4 3.5V5zM16 9h4v9.5L17 16h-6.5v-2" />,
  clients: (
    <>
      <rect x="3.5" y="7" width="17" height="13" rx="2" />
      <path d="M9 7V5h6v2M3.5 12.5h17" />
    </>
  ),
  users: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5c.8-4 3.7-6 7.5-6s6.7 2 7.5 6" />
    </>
  ),
  audit: <path d="M6 3.5h12v17H6zM9 9h6M9 13h6M9 17h3" />,
  faqs: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 16.5v.5" />
    </>
  ),
  careers: (
    <>
      <rect x="3.5" y="7.5" width="17" height="12" rx="2" />
      <path d="M9 7.5V5.5h6v2M3.5 13h17M11 13v2h2v-2" />
    </>
  ),
  timesheet: (
    <>
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l2.5 2.5M10 2.5h4" />
    </>
  ),
  practice: <path d="M4 20.5h16M6.5 17V11M11 17V6.5M15.5 17v-4M20 17V8.5" />,
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
    </>
  ),
  bell: <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15zM10 20.5a2.2 2.2 0 0 0 4 0" />,
  logout: <path d="M10 4H5v16h5M15 8l4 4-4 4M19 12H9.5" />,
  'chevron-down': <path d="m6 9 6 6 6-6" />,
  'arrow-left': <path d="M19 12H5M11 6l-6 6 6 6" />,
  external: <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />,
  shield: <path d="M12 3 5 6v5.5c0 4.3 3 8 7 9.5 4-1.5 7-5.2 7-9.5V6zM9.5 12l2 2 3.5-4" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </>
  ),
  download: <path d="M12 4v11M7 10.5l5 5 5-5M5 19.5h14" />,
  chat: <path d="M4 5.5h16v10.5H10l-4.5 3.5v-3.5H4zM8 9.5h8M8 12.5h5" />,
  send: <path d="M4 12 20 4l-3 16-5-6.5zM12 13.5 20 4" />,
  calendar: (
    <>
      <rect x="4" y="5.5" width="16" height="14.5" rx="2" />
      <path d="M4 10h16M8.5 3.5v4M15.5 3.5v4" />
    </>
  ),
};

export function Icon({ name, size = 20 }: { name: IconName | ShellIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
