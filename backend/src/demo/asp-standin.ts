/**
 * A STAND-IN for an Accredited Service Provider (ASP) under the UAE e-invoicing mandate: out of reach here (no
 * internet, no contract), so `npm start`, the browser tests and the compose demo run this in its place; the
 * production compose file does not (it asks for the real ASP's settings). It speaks the small API the
 * back end's client uses (backend/src/modules/einvoicing/asp.ts):
 *
 * - POST /v1/documents (application/xml, Authorization: Bearer <key>, X-Sender-Id: 0235:<TIN>,
 *   X-Document-UUID): takes a PINT AE document, keyed by its UUID: a second submission of a UUID it holds
 *   answers what it holds (idempotent), except that a rejected document may be submitted again (checked anew).
 * - GET /v1/documents/:uuid: its status: received, then accepted (or rejected with rule ids: the PINT AE rules
 *   and the ASP's own check that the buyer's endpoint is in the directory, i.e. its TIN is its TRN's first ten
 *   digits), delivered to the buyer's ASP, reported to the FTA, each a step of `stepMs` after the last.
 *
 * Switchable faults (POST /_standin/faults, or ASP_FAULTS as JSON): rates from 0 to 1 per API call for
 * `timeout` (holds the request, then drops it), `serverError` (503), `lostAnswer` (takes the document, then
 * answers 502 as if the answer were lost), `rejection` (a document is rejected at its check); `outage` (true:
 * every call's connection is dropped, as if the ASP were down). GET /_standin/documents lists what it holds with
 * how many times each was submitted and reported (the tests and the bench count by UUID); POST /_standin/reset
 * empties it. Nothing of this reaches any authority.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { CLIENT_TIN_FIELD, type RuleFailure } from '../../../common/einvoicing.ts';
import { attributeAt, nodesAt, readEinvoice, textAt, validateEinvoice } from '../modules/einvoicing/rules.ts';

export interface AspFaults {
  timeout: number;
  serverError: number;
  lostAnswer: number;
  rejection: number;
  outage: boolean;
}

export const NO_ASP_FAULTS: AspFaults = { timeout: 0, serverError: 0, lostAnswer: 0, rejection: 0, outage: false };

type Status = 'received' | 'accepted' | 'delivered' | 'reported' | 'rejected';

interface HeldDocument {
  uuid: string;
  number: string;
  sender: string;
  receiver: string;
  status: Status;
  errors: RuleFailure[];
  receivedAt: number;
  submissions: number;
  /** How many times it was reported to the authority: the promise is once. */
  reports: number;
  /** What its check found at submission, made known at its first step (an ASP checks after receipt). */
  findings: RuleFailure[];
}

interface State {
  documents: HeldDocument[];
}

export interface AspStandInOptions {
  faults?: Partial<AspFaults>;
  /** The API key it accepts; any key of 8 characters or more when unset. */
  apiKey?: string;
  stateFile?: string;
  random?: () => number;
  now?: () => number;
  /** Time from one status to the next (received, accepted, delivered, reported). */
  stepMs?: number;
  hangMs?: number;
}

const ORDER: Status[] = ['received', 'accepted', 'delivered', 'reported'];

/** The ASP's own check, beyond the PINT AE rules: the receiver must be in the directory. */
function directoryCheck(xml: string): RuleFailure[] {
  const { root } = readEinvoice(xml);
  const [buyer] = nodesAt(root, 'AccountingCustomerParty/Party');
  const tin = textAt(buyer, 'EndpointID');
  const trn = textAt(buyer, 'PartyTaxScheme/CompanyID');
  if (tin && attributeAt(buyer, 'EndpointID', 'schemeID') === '0235' && trn && trn.slice(0, 10) !== tin) {
    return [{ rule: 'ASP-DIR-001', text: `The receiver 0235:${tin} is not registered in the Peppol directory: a UAE business's TIN is the first 10 digits of its TRN (${trn}).`, field: CLIENT_TIN_FIELD }];
  }
  return [];
}

export function createAspStandIn(options: AspStandInOptions = {}): FastifyInstance & { faults: AspFaults; documents: () => HeldDocument[] } {
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const stepMs = options.stepMs ?? 1_000;
  const hangMs = options.hangMs ?? 60_000;
  let state: State = { documents: [] };
  if (options.stateFile && existsSync(options.stateFile)) state = JSON.parse(readFileSync(options.stateFile, 'utf8')) as State;
  const byUuid = new Map(state.documents.map((document) => [document.uuid, document]));
  let saveTimer: NodeJS.Timeout | undefined;
  const save = () => {
    if (!options.stateFile || saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      writeFileSync(options.stateFile!, JSON.stringify(state));
    }, 200);
  };

  const app = Fastify({ logger: false, bodyLimit: 5 * 1024 * 1024 }) as unknown as FastifyInstance & { faults: AspFaults; documents: () => HeldDocument[] };
  app.faults = { ...NO_ASP_FAULTS, ...options.faults };
  app.documents = () => state.documents;
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const hanging = new Set<FastifyReply>();
  app.addHook('onClose', async () => {
    clearTimeout(saveTimer);
    if (options.stateFile) writeFileSync(options.stateFile, JSON.stringify(state));
    for (const reply of hanging) reply.raw.destroy();
  });

  const fail = (reply: FastifyReply, status: number, code: string, message: string) => reply.code(status).send({ code, message });

  /** Moves a document on by the time passed: checked at its first step, then delivered, then reported once. */
  function advance(document: HeldDocument): void {
    if (document.status === 'rejected' || document.status === 'reported') return;
    const steps = Math.floor((now() - document.receivedAt) / stepMs);
    const target = ORDER[Math.min(steps, ORDER.length - 1)]!;
    if (ORDER.indexOf(target) <= ORDER.indexOf(document.status)) return;
    if (document.status === 'received' && document.findings.length > 0) {
      document.status = 'rejected';
      document.errors = document.findings;
      save();
      return;
    }
    if (target === 'reported') document.reports += 1;
    document.status = target;
    save();
  }

  async function injected(reply: FastifyReply): Promise<boolean> {
    const f = app.faults;
    if (f.outage) {
      reply.raw.destroy();
      return true;
    }
    const roll = random();
    if (roll < f.timeout) {
      hanging.add(reply);
      await new Promise((resolve) => setTimeout(resolve, hangMs).unref());
      hanging.delete(reply);
      reply.raw.destroy();
      return true;
    }
    if (roll < f.timeout + f.serverError) {
      fail(reply, 503, 'UNAVAILABLE', 'Service temporarily unavailable.');
      return true;
    }
    return false;
  }

  function authorised(request: FastifyRequest, reply: FastifyReply): boolean {
    const header = request.headers.authorization ?? '';
    const key = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (options.apiKey ? key !== options.apiKey : key.length < 8) {
      fail(reply, 401, 'UNAUTHORISED', 'A valid API key is required.');
      return false;
    }
    return true;
  }

  const answer = (document: HeldDocument) => ({ uuid: document.uuid, status: document.status, errors: document.errors });

  app.post('/v1/documents', async (request, reply) => {
    if (!authorised(request, reply) || (await injected(reply))) return reply;
    const xml = typeof request.body === 'string' ? request.body : '';
    const { root } = readEinvoice(xml);
    const uuid = textAt(root, 'UUID') ?? '';
    const sender = `${attributeAt(root, 'AccountingSupplierParty/Party/EndpointID', 'schemeID') ?? ''}:${textAt(root, 'AccountingSupplierParty/Party/EndpointID') ?? ''}`;
    if (!uuid || request.headers['x-document-uuid'] !== uuid) return fail(reply, 400, 'UUID_MISMATCH', 'X-Document-UUID must be the document\'s UUID.');
    if (request.headers['x-sender-id'] !== sender) return fail(reply, 403, 'SENDER', `This account sends for ${String(request.headers['x-sender-id'])}, not ${sender}.`);
    let document = byUuid.get(uuid);
    if (document && document.status !== 'rejected') {
      document.submissions += 1;
      advance(document);
    } else {
      const fresh: HeldDocument = {
        uuid,
        number: textAt(root, 'ID') ?? '',
        sender,
        receiver: `0235:${textAt(root, 'AccountingCustomerParty/Party/EndpointID') ?? ''}`,
        status: 'received',
        errors: [],
        receivedAt: now(),
        submissions: (document?.submissions ?? 0) + 1,
        reports: document?.reports ?? 0,
        findings:
          random() < app.faults.rejection
            ? [{ rule: 'ASP-RCV-001', text: "The buyer's ASP refused the document (a fault switched on in the stand-in).", field: 'Document' }]
            : [...validateEinvoice(xml), ...directoryCheck(xml)],
      };
      if (document) Object.assign(document, fresh);
      else {
        document = fresh;
        state.documents.push(document);
        byUuid.set(uuid, document);
      }
    }
    save();
    if (random() < app.faults.lostAnswer) return fail(reply, 502, 'BAD_GATEWAY', 'Bad gateway.');
    return reply.code(202).send(answer(document));
  });

  app.get('/v1/documents/:uuid', async (request, reply) => {
    if (!authorised(request, reply) || (await injected(reply))) return reply;
    const document = byUuid.get((request.params as { uuid: string }).uuid);
    if (!document) return fail(reply, 404, 'NOT_FOUND', 'No document of that UUID.');
    advance(document);
    return reply.send(answer(document));
  });

  // The stand-in's own controls, for the demo, the tests and the bench.
  app.post('/_standin/faults', async (request, reply) => {
    const body = (request.body ?? {}) as Partial<Record<keyof AspFaults, unknown>>;
    for (const key of ['timeout', 'serverError', 'lostAnswer', 'rejection'] as const) {
      const value = body[key];
      if (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1) app.faults[key] = value;
    }
    if (typeof body.outage === 'boolean') app.faults.outage = body.outage;
    return reply.send(app.faults);
  });
  app.get('/_standin/documents', async (_request, reply) => {
    for (const document of state.documents) advance(document);
    return reply.send({ count: state.documents.length, documents: state.documents.map(({ uuid, number, status, submissions, reports, errors }) => ({ uuid, number, status, submissions, reports, errors })) });
  });
  app.post('/_standin/reset', async (_request, reply) => {
    state = { documents: [] };
    byUuid.clear();
    save();
    return reply.send({ ok: true });
  });
  return app;
}
