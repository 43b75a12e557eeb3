/**
 * The demo website's form page (demo mode only: the Auth emulator and DEMO_WEBSITE_GATEWAY set), standing in
 * for the company website: one form per enquiry kind, posted from this origin to the gateway's public endpoint
 * (so CORS is exercised as on the real site: the stack lists this origin in PUBLIC_API_ORIGINS). Served under
 * a strict policy: no inline script or style, its script a file of this origin, its only connection the gateway.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ENQUIRY_KINDS, ENQUIRY_KIND_LABELS, HONEYPOT_FIELD, KIND_FIELDS, TOPICS, CFO_SERVICES, COMPANY_SIZES, REVENUE_BANDS, DETAIL_LABELS, DETAIL_VALUE_LABELS } from '../../../../common/contract/enquiries-paths.ts';
import type { ModuleOptions } from '../../lib/module.ts';
import { access } from '../../plugins/auth.ts';

export const DEMO_PAGE_PATH = '/demo/website';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const CHOICES: Record<string, readonly string[]> = { topic: TOPICS, service: CFO_SERVICES, company_size: COMPANY_SIZES, revenue_band: REVENUE_BANDS };

function page(gateway: string): string {
  const kindFields = [...new Set(Object.values(KIND_FIELDS).flat())]
    .map((field) => {
      const kinds = ENQUIRY_KINDS.filter((kind) => KIND_FIELDS[kind].includes(field)).join(' ');
      const choices = CHOICES[field];
      const control = choices
        ? `<select name="${field}"><option value="">Choose</option>${choices.map((value) => `<option value="${escape(value)}">${escape(DETAIL_VALUE_LABELS[value] ?? value)}</option>`).join('')}</select>`
        : `<input name="${field}" maxlength="40">`;
      return `<label class="kind-field" data-kinds="${kinds}" hidden>${escape(DETAIL_LABELS[field] ?? field)} ${control}</label>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="gateway" content="${escape(gateway)}">
<title>Demo website: contact forms</title>
<link rel="stylesheet" href="${DEMO_PAGE_PATH}.css">
<script src="${DEMO_PAGE_PATH}.js" defer></script>
</head>
<body>
<main>
<h1>Demo website</h1>
<p>Stands in for the company website: each form posts to the gateway's public endpoint, and the enquiry appears in the console's Website Enquiries.</p>
<form id="enquiry-form" novalidate>
<label>Form <select name="kind">${ENQUIRY_KINDS.map((kind) => `<option value="${kind}">${escape(ENQUIRY_KIND_LABELS[kind])}</option>`).join('')}</select></label>
<label>Name <input name="name" required maxlength="100" autocomplete="name"></label>
<label>E-mail <input name="email" type="email" required maxlength="254" autocomplete="email"></label>
<label>Phone <input name="phone" maxlength="30" autocomplete="tel"></label>
<label>Company <input name="company" maxlength="150" autocomplete="organization"></label>
${kindFields}
<label>Message <textarea name="message" maxlength="4000" rows="4"></textarea></label>
<label class="trap" aria-hidden="true">Website <input name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></label>
<button type="submit">Send</button>
<p id="result" role="status"></p>
</form>
</main>
</body>
</html>`;
}

const SCRIPT = `'use strict';
const form = document.getElementById('enquiry-form');
const result = document.getElementById('result');
const gateway = document.querySelector('meta[name="gateway"]').content;
const showKindFields = () => {
  const kind = form.elements.kind.value;
  for (const label of document.querySelectorAll('.kind-field')) label.hidden = !label.dataset.kinds.split(' ').includes(kind);
};
form.elements.kind.addEventListener('change', showKindFields);
showKindFields();
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const kind = form.elements.kind.value;
  const body = {};
  for (const element of form.elements) {
    if (!element.name || element.name === 'kind' || element.closest('[hidden]')) continue;
    if (element.value.trim() !== '') body[element.name] = element.value;
  }
  result.textContent = 'Sending...';
  try {
    const response = await fetch(gateway + '/api/public/enquiries/' + encodeURIComponent(kind), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.ok) {
      result.textContent = 'Thank you: your enquiry was sent.';
      form.reset();
      showKindFields();
      return;
    }
    const answer = await response.json().catch(() => ({}));
    const wait = response.headers.get('retry-after');
    result.textContent = (answer.message || 'The enquiry was not sent.') + (wait ? ' Try again in ' + wait + ' s.' : '');
  } catch {
    result.textContent = 'The website could not reach the server.';
  }
});
`;

const STYLE = `body { font-family: system-ui, sans-serif; margin: 0; background: #f5f6f8; color: #1d2433; }
main { max-width: 560px; margin: 40px auto; padding: 24px; background: #fff; border-radius: 8px; }
form { display: flex; flex-direction: column; gap: 12px; }
label { display: flex; flex-direction: column; gap: 4px; font-size: 14px; }
input, select, textarea { font: inherit; padding: 8px; border: 1px solid #c7ccd6; border-radius: 6px; }
button { padding: 10px; border: 0; border-radius: 6px; background: #3d5afe; color: #fff; font: inherit; cursor: pointer; }
.trap { position: absolute; left: -10000px; }
[hidden] { display: none; }
`;

export async function demoWebsiteRoutes(app: FastifyInstance, { config }: ModuleOptions): Promise<void> {
  const gateway = config.DEMO_WEBSITE_GATEWAY;
  // Demo mode only: a production back end never serves it.
  if (!gateway || !config.FIREBASE_AUTH_EMULATOR_HOST) return;
  const policy = `default-src 'none'; script-src 'self'; style-src 'self'; connect-src ${gateway}; form-action 'none'; base-uri 'none'; frame-ancestors 'none'`;
  const send = (type: string, body: string) => (_request: unknown, reply: FastifyReply) =>
    reply.type(type).header('content-security-policy', policy).header('x-content-type-options', 'nosniff').header('cache-control', 'no-store').send(body);
  const html = page(gateway);
  const routeConfig = { access: access.public, rawResponse: true };
  app.get(DEMO_PAGE_PATH, { config: routeConfig }, send('text/html; charset=utf-8', html));
  app.get(`${DEMO_PAGE_PATH}.js`, { config: routeConfig }, send('text/javascript; charset=utf-8', SCRIPT));
  app.get(`${DEMO_PAGE_PATH}.css`, { config: routeConfig }, send('text/css; charset=utf-8', STYLE));
}
