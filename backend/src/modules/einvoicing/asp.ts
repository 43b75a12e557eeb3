/**
 * The Accredited Service Provider's API as the worker uses it: submit a document (the ASP keys it by its
 * UUID, so a second submission of one document is the same document there, never a second invoice to the
 * authority) and read its status (received, accepted, delivered to the buyer's ASP, reported to the FTA, or
 * rejected with the ASP's rule ids). Plain JSON over HTTPS with a bearer key; every call is bounded by a
 * time-out. Failures are classified so the worker knows what to retry.
 */
import type { RuleFailure } from '../../../../common/einvoicing.ts';

export const ASP_STATUSES = ['received', 'accepted', 'delivered', 'reported', 'rejected'] as const;
export type AspStatusName = (typeof ASP_STATUSES)[number];

export interface AspStatus {
  uuid: string;
  status: AspStatusName;
  errors: RuleFailure[];
}

export interface AspConfig {
  url: string;
  apiKey: string;
  /** The firm's Peppol endpoint, 0235:<TIN>: the ASP sends on its behalf. */
  senderId: string;
  timeoutMs: number;
}

/** timeout: no answer in time (it may have arrived: the UUID makes sending again safe); server: 5xx; unreachable: no connection (the ASP is down); refused: 4xx other than a rejection. */
export type AspFailureKind = 'timeout' | 'server' | 'unreachable' | 'refused';

export class AspFailure extends Error {
  constructor(
    readonly kind: AspFailureKind,
    message: string,
  ) {
    super(message);
  }
}

export interface AspClient {
  submit(uuid: string, xml: string): Promise<AspStatus>;
  /** null when the ASP has no document of that UUID (a submission that never arrived). */
  status(uuid: string): Promise<AspStatus | null>;
}

function isStatus(body: unknown): body is AspStatus {
  if (typeof body !== 'object' || body === null) return false;
  const value = body as Record<string, unknown>;
  return typeof value.uuid === 'string' && ASP_STATUSES.includes(value.status as AspStatusName) && Array.isArray(value.errors);
}

export class HttpAsp implements AspClient {
  constructor(
    private readonly config: AspConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(`${this.config.url.replace(/\/$/, '')}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${this.config.apiKey}`, 'x-sender-id': this.config.senderId },
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new AspFailure('timeout', `No answer from the ASP within ${this.config.timeoutMs / 1000} s.`);
      throw new AspFailure('unreachable', `The ASP could not be reached: ${(error as Error).message}`);
    }
  }

  private async answer(response: Response): Promise<AspStatus> {
    if (response.status >= 500) throw new AspFailure('server', `The ASP answered ${response.status}.`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new AspFailure('server', `The ASP answered ${response.status} without a readable body.`);
    }
    if (!response.ok || !isStatus(body)) {
      const message = typeof body === 'object' && body !== null && 'message' in body ? String((body as { message: unknown }).message) : `status ${response.status}`;
      throw new AspFailure('refused', `The ASP refused the request: ${message}`);
    }
    return body;
  }

  async submit(uuid: string, xml: string): Promise<AspStatus> {
    const response = await this.call('/v1/documents', { method: 'POST', headers: { 'content-type': 'application/xml', 'x-document-uuid': uuid }, body: xml });
    return this.answer(response);
  }

  async status(uuid: string): Promise<AspStatus | null> {
    const response = await this.call(`/v1/documents/${encodeURIComponent(uuid)}`, { method: 'GET' });
    if (response.status === 404) return null;
    return this.answer(response);
  }
}
