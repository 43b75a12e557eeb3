/**
 * A STAND-IN for Zoho Books, the accounting system the invoices sync to, which is out of reach here (no
 * internet, no account). `npm start` and the compose demo run it; the production compose file does not (it
 * asks for the real service's settings). It speaks the subset of Zoho Books' v3 API the adapter uses, with the
 * same shapes: the OAuth refresh (POST /oauth/v2/token), contacts (GET ?email=, POST), invoices (GET
 * ?reference_number=, POST with invoice_number, refusing a number it already has with code 1001). Like the
 * real service it refuses a VAT-registered customer whose TRN is not a UAE TRN (15 digits, beginning 100).
 *
 * Faults are switchable (POST /_standin/faults, or the ACCOUNTING_FAULTS environment variable as JSON), each a
 * rate from 0 to 1 applied per API call: `timeout` (never answers), `serverError` (503), `rateLimit` (429 with
 * Retry-After: `retryAfterSeconds`), `validation` (400 with a Zoho-style code), `lostAnswer` (creates the
 * invoice, then fails with 502 as if the answer were lost). GET /_standin/invoices lists what it holds (the
 * bench counts by reference); POST /_standin/reset empties it. Nothing of this is real accounting.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

export interface StandInFaults {
  timeout: number;
  serverError: number;
  rateLimit: number;
  retryAfterSeconds: number;
  validation: number;
  lostAnswer: number;
}

export const NO_FAULTS: StandInFaults = { timeout: 0, serverError: 0, rateLimit: 0, retryAfterSeconds: 2, validation: 0, lostAnswer: 0 };

interface Contact {
  contact_id: string;
  contact_name: string;
  email: string;
  tax_treatment: string;
  tax_reg_no: string | null;
}

interface Invoice {
  invoice_id: string;
  invoice_number: string;
  reference_number: string;
  customer_id: string;
  date: string;
  total: number;
  created_at: string;
}

interface State {
  contacts: Contact[];
  invoices: Invoice[];
  tokens: string[];
}

export interface StandInOptions {
  faults?: Partial<StandInFaults>;
  /** A JSON file the stand-in keeps its records in across restarts (the demo's data folder); none: memory only. */
  stateFile?: string;
  random?: () => number;
  /** How long a 'timeout' fault holds the request before dropping it. */
  hangMs?: number;
}

const TRN = /^100[0-9]{12}$/;

export function createAccountingStandIn(options: StandInOptions = {}): FastifyInstance & { faults: StandInFaults; state: State } {
  const random = options.random ?? Math.random;
  const hangMs = options.hangMs ?? 60_000;
  let state: State = { contacts: [], invoices: [], tokens: [] };
  if (options.stateFile && existsSync(options.stateFile)) state = JSON.parse(readFileSync(options.stateFile, 'utf8')) as State;
  const byReference = new Map(state.invoices.map((invoice) => [invoice.reference_number, invoice]));
  const byNumber = new Map(state.invoices.map((invoice) => [invoice.invoice_number, invoice]));
  let saveTimer: NodeJS.Timeout | undefined;
  const save = () => {
    if (!options.stateFile || saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      writeFileSync(options.stateFile!, JSON.stringify(state));
    }, 200);
  };

  const app = Fastify({ logger: false }) as unknown as FastifyInstance & { faults: StandInFaults; state: State };
  app.faults = { ...NO_FAULTS, ...options.faults };
  Object.defineProperty(app, 'state', { get: () => state });
  const hanging = new Set<FastifyReply>();
  app.addHook('onClose', async () => {
    clearTimeout(saveTimer);
    if (options.stateFile) writeFileSync(options.stateFile, JSON.stringify(state));
    for (const reply of hanging) reply.raw.destroy();
  });

  const fail = (reply: FastifyReply, status: number, code: number, message: string) => reply.code(status).send({ code, message });

  /** Applies the switched-on faults to an API call; answers true when it has answered (or hung) already. */
  async function injected(reply: FastifyReply): Promise<boolean> {
    const f = app.faults;
    const roll = random();
    let edge = f.timeout;
    if (roll < edge) {
      hanging.add(reply);
      await new Promise((resolve) => setTimeout(resolve, hangMs).unref());
      hanging.delete(reply);
      reply.raw.destroy();
      return true;
    }
    if (roll < (edge += f.serverError)) {
      fail(reply, 503, 9999, 'Service temporarily unavailable.');
      return true;
    }
    if (roll < (edge += f.rateLimit)) {
      reply.header('retry-after', String(f.retryAfterSeconds));
      fail(reply, 429, 45, 'You have made too many requests. Please try again after some time.');
      return true;
    }
    if (roll < (edge += f.validation)) {
      fail(reply, 400, 4, 'Invalid value passed for line_items.');
      return true;
    }
    return false;
  }

  function authorised(request: FastifyRequest, reply: FastifyReply): boolean {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Zoho-oauthtoken ') ? header.slice('Zoho-oauthtoken '.length) : '';
    if (!state.tokens.includes(token)) {
      fail(reply, 401, 57, 'You are not authorized to perform this operation');
      return false;
    }
    if ((request.query as Record<string, string>).organization_id === undefined) {
      fail(reply, 400, 6041, 'Organization ID is not specified.');
      return false;
    }
    return true;
  }

  app.post('/oauth/v2/token', async (request, reply) => {
    const query = request.query as Record<string, string>;
    if (query.grant_type !== 'refresh_token' || !query.refresh_token || !query.client_id || !query.client_secret) return reply.send({ error: 'invalid_code' });
    const token = `standin.${randomUUID()}`;
    state.tokens = [...state.tokens.slice(-20), token];
    save();
    return reply.send({ access_token: token, api_domain: `http://${request.headers.host}`, token_type: 'Bearer', expires_in: 3600 });
  });

  app.get('/books/v3/contacts', async (request, reply) => {
    if (!authorised(request, reply) || (await injected(reply))) return reply;
    const email = ((request.query as Record<string, string>).email ?? '').toLowerCase();
    return reply.send({ code: 0, message: 'success', contacts: state.contacts.filter((contact) => !email || contact.email.toLowerCase() === email) });
  });

  app.post('/books/v3/contacts', async (request, reply) => {
    if (!authorised(request, reply) || (await injected(reply))) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const name = typeof body.contact_name === 'string' ? body.contact_name.trim() : '';
    if (!name) return fail(reply, 400, 3013, 'Enter a valid Contact Name');
    const treatment = typeof body.tax_treatment === 'string' ? body.tax_treatment : 'non_vat_registered';
    const trn = typeof body.tax_reg_no === 'string' ? body.tax_reg_no : null;
    if (treatment === 'vat_registered' && (!trn || !TRN.test(trn))) {
      return fail(reply, 400, 3091, 'Enter a valid Tax Registration Number (TRN): a UAE TRN has 15 digits and begins with 100.');
    }
    const contact: Contact = { contact_id: String(4_600_000_000 + state.contacts.length + 1), contact_name: name, email: String(body.email ?? ''), tax_treatment: treatment, tax_reg_no: trn };
    state.contacts.push(contact);
    save();
    return reply.code(201).send({ code: 0, message: 'The contact has been added.', contact });
  });

  app.get('/books/v3/invoices', async (request, reply) => {
    if (!authorised(request, reply) || (await injected(reply))) return reply;
    const reference = (request.query as Record<string, string>).reference_number;
    const found = reference === undefined ? state.invoices.slice(0, 200) : byReference.has(reference) ? [byReference.get(reference)!] : [];
    return reply.send({ code: 0, message: 'success', invoices: found });
  });

  app.post('/books/v3/invoices', async (request, reply) => {
    if (!authorised(request, reply) || (await injected(reply))) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const customerId = String(body.customer_id ?? '');
    if (!state.contacts.some((contact) => contact.contact_id === customerId)) return fail(reply, 400, 1002, 'Contact does not exist.');
    const number = String(body.invoice_number ?? '');
    if (!number) return fail(reply, 400, 1003, 'Enter a valid invoice number.');
    if (byNumber.has(number)) return fail(reply, 400, 1001, `Invoice "${number}" already exists.`);
    const lines = Array.isArray(body.line_items) ? (body.line_items as { rate?: unknown; quantity?: unknown }[]) : [];
    if (lines.length === 0) return fail(reply, 400, 4, 'Invalid value passed for line_items.');
    const total = lines.reduce((sum, line) => sum + Number(line.rate ?? 0) * Number(line.quantity ?? 0), 0);
    const invoice: Invoice = {
      invoice_id: String(9_800_000_000 + state.invoices.length + 1),
      invoice_number: number,
      reference_number: String(body.reference_number ?? number),
      customer_id: customerId,
      date: String(body.date ?? ''),
      total: Math.round(total * 105) / 100,
      created_at: new Date().toISOString(),
    };
    state.invoices.push(invoice);
    byReference.set(invoice.reference_number, invoice);
    byNumber.set(number, invoice);
    save();
    if (random() < app.faults.lostAnswer) return fail(reply, 502, 9999, 'Bad gateway.');
    return reply.code(201).send({ code: 0, message: 'The invoice has been created.', invoice });
  });

  // The stand-in's own controls, for the demo, the tests and the bench.
  app.post('/_standin/faults', async (request, reply) => {
    const body = (request.body ?? {}) as Partial<StandInFaults>;
    for (const key of Object.keys(NO_FAULTS) as (keyof StandInFaults)[]) {
      const value = body[key];
      if (typeof value === 'number' && Number.isFinite(value) && value >= 0) app.faults[key] = value;
    }
    return reply.send(app.faults);
  });
  app.get('/_standin/invoices', async (_request, reply) => reply.send({ count: state.invoices.length, references: state.invoices.map((invoice) => invoice.reference_number) }));
  app.post('/_standin/reset', async (_request, reply) => {
    state = { contacts: [], invoices: [], tokens: state.tokens };
    byReference.clear();
    byNumber.clear();
    save();
    return reply.send({ ok: true });
  });
  return app;
}
