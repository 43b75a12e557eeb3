/**
 * The server-rendered notice for phones (spec section 2, "Page shell"): plain HTML and a stylesheet served as
 * its own content-hashed file, because the CSP allows no inline style and no script. The stylesheet lives here
 * as a string so the bundled server needs no files beside it.
 */
import { createHash } from 'node:crypto';
import { MOBILE_NOTICE_TEXT, type StoreLinks } from '../../common/mobile-notice.ts';

export const MOBILE_NOTICE_CSS = `:root {
  --font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Liberation Sans', Arial, sans-serif;
  --text: #1f2933;
  --text-muted: #4b5563;
  --bg: #f4f5f7;
  --surface: #ffffff;
  --border: #dde1e6;
  --accent: #1d4ed8;
  --accent-hover: #1e40af;
  color-scheme: light;
}

*,
*::before,
*::after {
  box-sizing: border-box;
}

html,
body {
  margin: 0;
  min-height: 100%;
}

body {
  display: flex;
  min-height: 100vh;
  min-height: 100dvh;
  align-items: center;
  justify-content: center;
  padding: 24px;
  font-family: var(--font);
  font-size: 16px;
  line-height: 1.5;
  color: var(--text);
  background: var(--bg);
}

.notice {
  width: 100%;
  max-width: 420px;
  padding: 32px 24px;
  text-align: center;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: 12px;
  box-shadow: 0 8px 24px rgb(16 24 40 / 12%);
}

.notice__icon {
  display: block;
  width: 56px;
  height: 56px;
  margin: 0 auto 16px;
  color: var(--accent);
}

.notice__title {
  margin: 0 0 12px;
  font-size: 20px;
  font-weight: 600;
}

.notice__text {
  margin: 0 0 24px;
  color: var(--text-muted);
}

.notice__stores {
  display: flex;
  flex-direction: column;
  gap: 12px;
}

.store {
  display: block;
  padding: 12px 16px;
  font-weight: 600;
  color: #ffffff;
  text-decoration: none;
  background: var(--accent);
  border-radius: 8px;
}

.store:hover {
  background: var(--accent-hover);
}

.store:focus-visible {
  outline: 3px solid var(--accent);
  outline-offset: 3px;
}

.store__hint {
  display: block;
  font-size: 12px;
  font-weight: 400;
  opacity: 0.9;
}
`;

export const MOBILE_NOTICE_CSS_PATH = `/mobile-notice-${createHash('sha256').update(MOBILE_NOTICE_CSS).digest('hex').slice(0, 12)}.css`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Text content needs only &, < and > escaped; the apostrophe of the notice stays readable in the source. */
function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** `favicon` is the console's icon path when the build has one, so the notice's tab looks like the console's. */
export function renderMobileNotice(links: StoreLinks, favicon?: string): string {
  const stores = [
    links.playStore && `\n        <a class="store" href="${escapeHtml(links.playStore)}" rel="noopener noreferrer"><span class="store__hint">Get it on</span>Play Store</a>`,
    links.appStore && `\n        <a class="store" href="${escapeHtml(links.appStore)}" rel="noopener noreferrer"><span class="store__hint">Download on the</span>App Store</a>`,
  ].filter(Boolean);
  const nav = stores.length ? `\n      <nav class="notice__stores" aria-label="Download the app">${stores.join('')}\n      </nav>` : '';
  const icon = favicon ? `\n    <link rel="icon" href="${escapeHtml(favicon)}" type="image/svg+xml">` : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Admin Portal</title>
    <link rel="stylesheet" href="${MOBILE_NOTICE_CSS_PATH}">${icon}
  </head>
  <body>
    <main class="notice">
      <svg class="notice__icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">
        <rect x="2" y="4" width="20" height="13" rx="2"></rect>
        <path d="M8 21h8M12 17v4"></path>
      </svg>
      <h1 class="notice__title">Please use a desktop browser</h1>
      <p class="notice__text">${escapeText(MOBILE_NOTICE_TEXT)}</p>${nav}
    </main>
  </body>
</html>
`;
}
