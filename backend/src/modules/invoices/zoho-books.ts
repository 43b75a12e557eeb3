/**
 * The accounting system adapter: Zoho Books' v3 API, the subset the sync uses (contacts lookup and create,
 * invoices lookup by reference number and create) and Zoho's OAuth refresh. Configured by environment
 * (ZOHO_BOOKS_*); unset, the sync is off. Every failure becomes a SyncFailure the worker classifies: a
 * validation error (Zoho answers 4xx with a non-zero `code` and a `message`) stops the invoice for a person,
 * the rest are retried.
 */
import { filsToDecimal } from '../../../../common/money.ts';
import type { SyncErrorKind } from '../../../../common/invoices.ts';

export interface AccountingConfig {
  /** e.g. https://www.zohoapis.com/books/v3 */
  apiUrl: string;
  organizationId: string;
  /** A fixed access token, or the refresh settings below. */
  accessToken?: string;
  /** e.g. https://accounts.zoho.com */
  accountsUrl?: string;
  clientId?: string;
  clientSecret?: string;
  refreshToken?: string;
  /** The organisation's 5 % VAT tax id, put on each line (Zoho computes the VAT from it); unset, lines carry no tax id. */
  vatTaxId?: string;
  timeoutMs: number;
}

export class SyncFailure extends Error {
  constructor(
    readonly kind: SyncErrorKind,
    message: string,
    readonly retryAfterMs: number | null = null,
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'SyncFailure';
  }
}

export interface AccountingCustomer {
  clientId: number;
  legalName: string;
  email: string;
  phone: string;
  address: string;
  vatRegistered: boolean;
  trn: string | null;
}

export interface AccountingInvoice {
  number: string;
  kind: 'invoice' | 'credit_note';
  customerId: string;
  issuedOn: string;
  dueOn: string;
  creditedNumber: string | null;
  lines: { description: string; quantity: number; unit_fils: number }[];
}

/** What the sync needs of an accounting system; the worker is written against this, Zoho Books implements it. */
export interface AccountingSystem {
  findCustomerByEmail(email: string): Promise<string | null>;
  createCustomer(customer: AccountingCustomer): Promise<string>;
  findInvoice(reference: string): Promise<string | null>;
  /** Answers the new id; a reference already there throws SyncFailure with kind 'validation' and `duplicate`. */
  createInvoice(invoice: AccountingInvoice): Promise<string>;
}

/** Zoho's error code for an invoice number that already exists. */
export const ZOHO_DUPLICATE_NUMBER = 1001;

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

const mentionsTrn = (message: string) => /\bTRN\b|tax registration|tax_reg_no/i.test(message);

export class ZohoBooks implements AccountingSystem {
  private token: string | null;
  private tokenExpiresAt = 0;

  constructor(
    private readonly config: AccountingConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.token = config.accessToken ?? null;
    if (this.token) this.tokenExpiresAt = Number.POSITIVE_INFINITY;
  }

  private async accessToken(force: boolean): Promise<string> {
    if (this.token && !force && Date.now() < this.tokenExpiresAt) return this.token;
    const { accountsUrl, clientId, clientSecret, refreshToken } = this.config;
    if (!accountsUrl || !clientId || !clientSecret || !refreshToken) {
      if (this.token) return this.token;
      throw new SyncFailure('auth', 'No Zoho Books access token or refresh settings are configured.');
    }
    const url = new URL('/oauth/v2/token', accountsUrl);
    url.search = new URLSearchParams({ refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret, grant_type: 'refresh_token' }).toString();
    const body = (await this.send(url, { method: 'POST' }, false)) as { access_token?: string; expires_in?: number; error?: string };
    if (!body.access_token) throw new SyncFailure('auth', `Zoho refused the token refresh: ${body.error ?? 'no access token in its answer'}.`);
    this.token = body.access_token;
    // Refreshed a minute early so a token never expires between the check and the call.
    this.tokenExpiresAt = Date.now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000;
    return this.token;
  }

  private async send(url: URL, init: RequestInit, authorised: boolean): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError') throw new SyncFailure('timeout', `No answer from the accounting system within ${this.config.timeoutMs / 1000} s.`);
      if (cause === 'ECONNREFUSED' || cause === 'ENOTFOUND' || cause === 'EAI_AGAIN' || cause === 'EHOSTUNREACH') throw new SyncFailure('unreachable', `The accounting system could not be reached (${cause}).`);
      throw new SyncFailure('server', `The connection to the accounting system failed (${cause ?? (error as Error).message}).`);
    }
    const text = await response.text();
    let body: { code?: number; message?: string } & Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as typeof body) : {};
    } catch {
      body = { message: text.slice(0, 300) };
    }
    if (response.ok && (body.code === undefined || body.code === 0)) return body;
    const message = typeof body.message === 'string' && body.message ? body.message : `HTTP ${response.status}`;
    if (response.status === 429) throw new SyncFailure('rate_limited', `Rate-limited by the accounting system: ${message}`, retryAfterMs(response.headers.get('retry-after')));
    if (response.status === 401 && authorised) throw new SyncFailure('auth', message, null, body.code ?? null);
    if (response.status >= 500) throw new SyncFailure('server', `The accounting system failed (HTTP ${response.status}): ${message}`, retryAfterMs(response.headers.get('retry-after')));
    if (response.status === 401 || response.status === 403) throw new SyncFailure('auth', message, null, body.code ?? null);
    throw new SyncFailure('validation', message, null, body.code ?? null);
  }

  /** A call with the organisation id and the OAuth token; one refresh and one repeat on an expired token. */
  private async call(method: 'GET' | 'POST', path: string, query: Record<string, string>, json?: unknown): Promise<Record<string, unknown>> {
    const url = new URL(`${this.config.apiUrl.replace(/\/$/, '')}/${path}`);
    url.search = new URLSearchParams({ organization_id: this.config.organizationId, ...query }).toString();
    for (let attempt = 0; ; attempt += 1) {
      const token = await this.accessToken(attempt > 0);
      const init: RequestInit = { method, headers: { authorization: `Zoho-oauthtoken ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) } };
      if (json) init.body = JSON.stringify(json);
      try {
        return (await this.send(url, init, true)) as Record<string, unknown>;
      } catch (error) {
        if (error instanceof SyncFailure && error.kind === 'auth' && attempt === 0 && this.config.refreshToken) continue;
        throw error;
      }
    }
  }

  async findCustomerByEmail(email: string): Promise<string | null> {
    const body = await this.call('GET', 'contacts', { email, contact_type: 'customer' });
    const contacts = (body.contacts ?? []) as { contact_id: string; email?: string }[];
    return contacts.find((contact) => (contact.email ?? '').toLowerCase() === email.toLowerCase())?.contact_id ?? null;
  }

  async createCustomer(customer: AccountingCustomer): Promise<string> {
    try {
      const body = await this.call('POST', 'contacts', {}, {
        contact_name: customer.legalName,
        company_name: customer.legalName,
        contact_type: 'customer',
        email: customer.email,
        phone: customer.phone,
        billing_address: { address: customer.address, country: 'United Arab Emirates' },
        place_of_contact: 'DU',
        tax_treatment: customer.vatRegistered ? 'vat_registered' : 'non_vat_registered',
        ...(customer.vatRegistered ? { tax_reg_no: customer.trn ?? '' } : {}),
      });
      return (body.contact as { contact_id: string }).contact_id;
    } catch (error) {
      if (error instanceof SyncFailure && error.kind === 'validation' && mentionsTrn(error.message)) throw new SyncFailure('customer_trn', error.message, null, error.code);
      throw error;
    }
  }

  async findInvoice(reference: string): Promise<string | null> {
    const body = await this.call('GET', 'invoices', { reference_number: reference });
    const invoices = (body.invoices ?? []) as { invoice_id: string; reference_number?: string }[];
    return invoices.find((invoice) => invoice.reference_number === reference)?.invoice_id ?? null;
  }

  async createInvoice(invoice: AccountingInvoice): Promise<string> {
    const sign = invoice.kind === 'credit_note' ? -1 : 1;
    const body = await this.call('POST', 'invoices', { ignore_auto_number_generation: 'true' }, {
      customer_id: invoice.customerId,
      invoice_number: invoice.number,
      reference_number: invoice.number,
      date: invoice.issuedOn,
      due_date: invoice.dueOn,
      is_inclusive_tax: false,
      ...(invoice.creditedNumber ? { notes: `Credit note against ${invoice.creditedNumber}` } : {}),
      line_items: invoice.lines.map((line) => ({
        name: line.description.slice(0, 100),
        description: line.description,
        quantity: line.quantity,
        rate: filsToDecimal(sign * line.unit_fils),
        ...(this.config.vatTaxId ? { tax_id: this.config.vatTaxId } : {}),
      })),
    });
    return (body.invoice as { invoice_id: string }).invoice_id;
  }
}
