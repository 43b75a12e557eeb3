/**
 * The fault run behind `npm run bench:faults` and its short form in tests/stack/faults.test.ts: the production
 * shape as processes (one Postgres server, two back ends, two gateways, the accounting and ASP stand-ins), a
 * mix of traffic, and faults thrown at it at random moments: one after another, a back end SIGKILLed (and
 * started again, as a supervisor would), Postgres crashed (immediate shutdown) and started again, a gateway
 * SIGKILLed while notification streams are open through it; beside those, each stand-in taken away for a while.
 *
 * The traffic, as the console sends it: tasks created by an ADMIN for the bookkeeper (each a notification on
 * the bookkeeper's stream) and one-off invoices (each synced to the accounting system and sent to the ASP as
 * an e-invoice), every write with an Idempotency-Key and retried with it through the other gateway until
 * acknowledged; the bookkeeper's notification stream, reconnecting with Last-Event-ID whenever it drops.
 *
 * Then it proves: every acknowledged write stored once (and none stored twice); each invoice in the
 * accounting system once by its reference and each e-invoice reported once (the stand-ins count by key);
 * each notification on the stream once; no 5xx without an errorCode; and how long each fault took to heal.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { connectDatabase, type Database } from '../../backend/src/db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../backend/src/demo/accounts.ts';
import { demoUnVersion } from '../../backend/src/demo/aml-lists.ts';
import { addDays, dubaiDate } from '../../common/calendar.ts';
import { NOTIFICATION_STREAM_EVENTS } from '../../common/contract/notifications-paths.ts';
import { emulatorIdToken } from '../../scripts/lib/emulator-fetch.ts';
import { seedEmulatorAccounts } from '../../scripts/lib/demo-accounts.ts';
import { startPostgresCluster, type PostgresCluster } from '../../scripts/lib/postgres-cluster.ts';
import { answersOk, freePort } from '../../scripts/lib/processes.ts';
import { BUILD_OUTPUTS, startServer, type ServerProcess } from '../../scripts/lib/stack.ts';

const HOST = '127.0.0.1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface FaultRunOptions {
  /** How long traffic and faults go on, before the drain. */
  durationMs: number;
  /** How long the drain may take for every invoice to be synced and every e-invoice reported. */
  drainMs: number;
  /** How long a stand-in stays away. */
  standInAwayMs: number;
  /** The pause between one fault healed and the next (a random share of it is added). */
  quietMs: number;
  emulatorHost: string;
  projectId: string;
  workDir: string;
  log: (line: string) => void;
}

export type FaultKind = 'backend SIGKILL' | 'Postgres crash' | 'accounting away' | 'ASP away' | 'gateway SIGKILL';
export const FAULT_KINDS: FaultKind[] = ['backend SIGKILL', 'Postgres crash', 'accounting away', 'ASP away', 'gateway SIGKILL'];
/** The faults of the shape's own processes; the others take a stand-in away. */
const PROCESS_FAULTS: readonly FaultKind[] = ['backend SIGKILL', 'Postgres crash', 'gateway SIGKILL'];

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface FaultReport {
  checks: Check[];
  /** Per fault: when it was thrown (ms into the run) and how long until the shape served again. */
  recoveries: { kind: FaultKind; atMs: number; recoveryMs: number }[];
  counts: Record<string, number>;
  /** How long after the traffic stopped the last invoice was synced and the last e-invoice reported. */
  drainMs: number;
}

interface Slot {
  name: string;
  start: () => Promise<ServerProcess>;
  current: ServerProcess | undefined;
  /** Held down on purpose (a stand-in taken away): the supervisor leaves it down. */
  held: boolean;
  restarting: Promise<void> | undefined;
  /** Set when the run kills it: its exit is a fault, not a crash. */
  killed: boolean;
  /** Exits the run did not cause (a crash), each started again. */
  unexpectedExits: number;
}

interface Write {
  key: string;
  kind: 'task' | 'invoice';
  acknowledged: boolean;
  id: number | null;
  tries: number;
}

export async function runFaults(options: FaultRunOptions): Promise<FaultReport> {
  const { log } = options;
  const logDir = join(options.workDir, 'logs');
  await mkdir(logDir, { recursive: true });
  const runStarted = Date.now();
  const elapsed = () => `${((Date.now() - runStarted) / 1000).toFixed(1)} s`;
  // initdb and the server's start take seconds: the stand-ins, the gateways and the sign-ins start meanwhile.
  const clusterStarting = startPostgresCluster({ crashSafeCommits: true });
  let cluster: PostgresCluster | undefined;
  const slots: Slot[] = [];
  let database: Database | undefined;
  let stopping = false;
  try {
    const firebase = { FIREBASE_PROJECT_ID: options.projectId, FIREBASE_AUTH_EMULATOR_HOST: options.emulatorHost };
    const [accountingPort, aspPort, ...ports] = await Promise.all(Array.from({ length: 6 }, () => freePort(HOST)));
    const backendPorts = ports.slice(0, 2);
    const gatewayPorts = ports.slice(2, 4);
    const accountingUrl = `http://${HOST}:${accountingPort}`;
    const aspUrl = `http://${HOST}:${aspPort}`;

    const slot = (name: string, script: string, env: Record<string, string>, readyUrl: string): Slot => ({
      name,
      start: () => startServer(name, script, logDir, env, readyUrl),
      current: undefined,
      held: false,
      restarting: undefined,
      killed: false,
      unexpectedExits: 0,
    });
    const accounting = slot('accounting-standin', BUILD_OUTPUTS.accountingStandIn, { PORT: String(accountingPort), HOST, ACCOUNTING_STATE_FILE: join(options.workDir, 'accounting.json') }, `${accountingUrl}/healthz`);
    const asp = slot('asp-standin', BUILD_OUTPUTS.aspStandIn, { PORT: String(aspPort), HOST, ASP_STATE_FILE: join(options.workDir, 'asp.json'), ASP_STEP_MS: '500' }, `${aspUrl}/healthz`);
    const backendSlots = (databaseUrl: string) => backendPorts.map((port, index) =>
      slot(`backend-${index}`, BUILD_OUTPUTS.backend, {
        ...firebase,
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_MAX: '4',
        SEED_DEMO_DATA: 'true',
        PORT: String(port),
        HOST,
        LOG_LEVEL: 'warn',
        AUTH_TIMEOUT_MS: '20000',
        STREAM_HEARTBEAT_MS: '2000',
        ZOHO_BOOKS_API_URL: `${accountingUrl}/books/v3`,
        ZOHO_BOOKS_ORGANIZATION_ID: 'faults-organisation',
        ZOHO_ACCOUNTS_URL: accountingUrl,
        ZOHO_CLIENT_ID: 'faults-client-id',
        ZOHO_CLIENT_SECRET: 'faults-client-secret',
        ZOHO_REFRESH_TOKEN: 'faults-refresh-token',
        INVOICE_SYNC_INTERVAL_MS: '1000',
        INVOICE_SYNC_TIMEOUT_MS: '5000',
        INVOICE_SYNC_BASE_DELAY_MS: '500',
        INVOICE_SYNC_MAX_DELAY_MS: '4000',
        EINVOICING_ASP_URL: aspUrl,
        EINVOICING_ASP_API_KEY: 'faults-asp-key',
        EINVOICING_SENDER_ID: '0235:1002345678',
        EINVOICING_INTERVAL_MS: '1000',
        EINVOICING_POLL_MS: '500',
        EINVOICING_TIMEOUT_MS: '5000',
        EINVOICING_BASE_DELAY_MS: '500',
        EINVOICING_MAX_DELAY_MS: '4000',
        SERVICE_DESK_JOBS_INTERVAL_MS: '5000',
      }, `http://${HOST}:${port}/readyz`),
    );
    const gateways = gatewayPorts.map((port, index) =>
      slot(`gateway-${index}`, BUILD_OUTPUTS.gateway, {
        ...firebase,
        PORT: String(port),
        HOST,
        LOG_LEVEL: 'warn',
        API_UPSTREAM: `http://${HOST}:${backendPorts[index]}`,
        STATIC_DIR: BUILD_OUTPUTS.client,
        AUTH_TIMEOUT_MS: '20000',
      }, `http://${HOST}:${port}/healthz`),
    );
    slots.push(accounting, asp, ...gateways);
    const gatewayUrls = gatewayPorts.map((port) => `http://${HOST}:${port}`);

    /** Starts a slot's process and, as a supervisor (systemd, Kubernetes) would, starts it again whenever it dies. */
    const launch = (target: Slot): Promise<void> => {
      target.restarting ??= (async () => {
        for (;;) {
          try {
            const started = await target.start();
            target.current = started;
            void started.exited.then(() => {
              if (target.current !== started || stopping || target.held) return;
              if (!target.killed) target.unexpectedExits += 1;
              target.killed = false;
              target.current = undefined;
              void launch(target);
            });
            return;
          } catch (error) {
            if (stopping) return;
            log(`${target.name} did not start (${(error as Error).message.split('\n')[0]}); trying again`);
            await sleep(500);
          }
        }
      })().finally(() => (target.restarting = undefined));
      return target.restarting;
    };
    const started = runStarted;
    // Nothing but the back ends needs Postgres, and a gateway needs no back end to start (it reaches one per
    // request): the stand-ins, the gateways and the emulator's accounts go on while Postgres starts.
    const account = (role: string) => DEMO_ACCOUNTS.find((entry) => entry.role === role)!.email;
    const others = Promise.all(slots.map(launch));
    const signedIn = (async () => {
      await seedEmulatorAccounts(options.emulatorHost, options.projectId, DEMO_ACCOUNTS);
      return Promise.all([emulatorIdToken(options.emulatorHost, account('ADMIN'), DEMO_PASSWORD), emulatorIdToken(options.emulatorHost, account('BOOKKEEPER'), DEMO_PASSWORD)]);
    })();
    // Awaited below; a failure meanwhile is not an unhandled rejection.
    signedIn.catch(() => {});
    const postgres = (cluster = await clusterStarting);
    const databaseUrl = await postgres.createDatabase('faults');
    log(`${elapsed()}: Postgres up`);
    const backends = backendSlots(databaseUrl);
    slots.push(...backends);
    await Promise.all([others, ...backends.map(launch)]);
    log(`${elapsed()}: shape up: Postgres, 2 back ends, 2 gateways, accounting and ASP stand-ins`);
    database = await connectDatabase(databaseUrl);
    const [adminToken, bookkeeperToken] = await signedIn;

    // --- the calls, as the console makes them ---
    const bareServerErrors: string[] = [];
    const serverErrors = { total: 0, withCode: 0 };
    let gatewayTurn = 0;
    const call = async (path: string, token: string, init: { method?: string; body?: unknown; key?: string; gateway?: number } = {}) => {
      const index = init.gateway ?? gatewayTurn++ % gatewayUrls.length;
      const response = await fetch(`${gatewayUrls[index % gatewayUrls.length]}/api/${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Firebase ${token}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.key ? { 'idempotency-key': init.key } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      if (response.status >= 500) {
        serverErrors.total += 1;
        let code: unknown;
        try {
          code = (JSON.parse(text) as { errorCode?: unknown }).errorCode;
        } catch {
          code = undefined;
        }
        if (typeof code === 'string' && code !== '') serverErrors.withCode += 1;
        else bareServerErrors.push(`${response.status} ${init.method ?? 'GET'} ${path}: ${text.slice(0, 200)}`);
      }
      return { status: response.status, text };
    };
    const json = async <T>(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
      // A write keeps one Idempotency-Key through its retries, as the console's outbox does: a retry after an
      // answer lost to a kill gets the first answer (the list import's re-screening job), not a second write.
      const key = init.method && init.method !== 'GET' ? `faults-json-${Math.random().toString(36).slice(2, 12)}` : undefined;
      for (let attempt = 0; ; attempt += 1) {
        const answer = await call(path, token, { ...init, key }).catch((error: unknown) => ({ status: 0, text: String(error) }));
        if (answer.status >= 200 && answer.status < 300) return JSON.parse(answer.text) as T;
        if (attempt > 40 || (answer.status >= 400 && answer.status < 500)) throw new Error(`${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
        await sleep(500);
      }
    };

    const writes: Write[] = [];
    /** A write sent until acknowledged, with one Idempotency-Key through whichever gateway is next (as the console's outbox does). */
    const write = async (kind: Write['kind'], path: string, body: unknown, giveUpAt: number) => {
      const entry: Write = { key: `faults-${kind}-${writes.length}-${Math.random().toString(36).slice(2, 10)}`, kind, acknowledged: false, id: null, tries: 0 };
      writes.push(entry);
      while (Date.now() < giveUpAt) {
        entry.tries += 1;
        const answer = await call(path, adminToken, { method: 'POST', body, key: entry.key }).catch(() => undefined);
        if (answer && answer.status >= 200 && answer.status < 300) {
          entry.acknowledged = true;
          entry.id = (JSON.parse(answer.text) as { id: number }).id;
          return;
        }
        if (answer && answer.status >= 400 && answer.status < 500) throw new Error(`${kind} refused: ${answer.status} ${answer.text.slice(0, 300)}`);
        await sleep(200 + Math.random() * 300);
      }
    };

    // --- who the traffic is about ---
    const [bookkeeper] = await database.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [account('BOOKKEEPER')]);
    const candidates = await database.query<{ id: number }>('SELECT id FROM clients ORDER BY id LIMIT 40');
    const lines = [{ description: 'Year-end closing support', quantity: 1, unit_fils: 150_000 }];
    const clients: number[] = [];
    const usable = async (id: number) => {
      const answer = await call('invoices/check', adminToken, { method: 'POST', body: { client_id: id, lines } });
      if (answer.status !== 200 || (JSON.parse(answer.text) as { failures: unknown[] }).failures.length > 0) return false;
      // A client frozen by a sanctions match takes no task (409): the traffic is for clients work goes on for.
      const task = await call('tasks/', adminToken, { method: 'POST', body: { client_id: id, title: 'Open the year-end file', assignee_id: bookkeeper!.id, due_on: addDays(dubaiDate(), 7) } });
      return task.status === 201;
    };
    // Eight at a time: one after another, these calls were seconds of the short run's start.
    for (let from = 0; from < candidates.length && clients.length < 8; from += 8) {
      const batch = candidates.slice(from, from + 8).map((row) => row.id);
      const answers = await Promise.all(batch.map(usable));
      clients.push(...batch.filter((_id, index) => answers[index]).slice(0, 8 - clients.length));
    }
    if (clients.length === 0 || !bookkeeper) throw new Error('no client in the demo data can be invoiced, or no bookkeeper');
    const [lastNotification] = await database.query<{ id: number | null }>('SELECT max(id) AS id FROM notifications');
    const firstNotificationAfter = lastNotification?.id ?? 0;

    // --- the bookkeeper's notification stream, reconnecting with Last-Event-ID ---
    const received: number[] = [];
    let streamOpen = false;
    let reconnects = 0;
    /** When the stream dropped, ms into the run: a missed notification is told against them and the faults. */
    const dropsAt: number[] = [];
    const streamAbort = new AbortController();
    const streamLoop = (async () => {
      let lastEventId: number | null = firstNotificationAfter;
      let index = 0;
      while (!streamAbort.signal.aborted) {
        index += 1;
        try {
          const response = await fetch(`${gatewayUrls[index % gatewayUrls.length]}/api/notifications/stream`, {
            headers: { authorization: `Firebase ${bookkeeperToken}`, ...(lastEventId === null ? {} : { 'last-event-id': String(lastEventId) }) },
            signal: streamAbort.signal,
          });
          if (response.status !== 200 || !response.body) {
            await response.body?.cancel();
            throw new Error(`stream answered ${response.status}`);
          }
          streamOpen = true;
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const chunk = await reader.read();
            if (chunk.done) break;
            buffer += chunk.value;
            const messages = buffer.split('\n\n');
            buffer = messages.pop() ?? '';
            for (const message of messages) {
              if (!message.includes(`event: ${NOTIFICATION_STREAM_EVENTS.notification}\n`)) continue;
              const id = Number(/^id: (\d+)$/m.exec(message)?.[1]);
              received.push(id);
              lastEventId = Math.max(lastEventId ?? 0, id);
            }
          }
        } catch {
          // Dropped (a gateway or back end killed) or refused while one is down: reconnect below.
        }
        streamOpen = false;
        if (streamAbort.signal.aborted) break;
        reconnects += 1;
        dropsAt.push(Date.now() - started);
        await sleep(300);
      }
    })();

    // --- the traffic ---
    log(`${elapsed()}: traffic starts, on ${clients.length} clients`);
    const runUntil = Date.now() + options.durationMs;
    // A write is retried for a minute past the run's planned end (faults may carry the traffic past it).
    const giveUpAt = runUntil + 120_000;
    const today = dubaiDate();
    const dueOn = addDays(today, 7);
    // The traffic goes on until the run's time is up and every kind of fault has been thrown.
    let faultsDone = false;
    const trafficOn = () => Date.now() < runUntil || !faultsDone;
    const traffic = async (kind: Write['kind'], pauseMs: number) => {
      for (let n = 0; trafficOn(); n += 1) {
        const client = clients[n % clients.length]!;
        // Every other task is due today: the scheduler's due notice goes out for it, once.
        if (kind === 'task') await write('task', 'tasks/', { client_id: client, title: `Reconcile the bank feed ${n}`, assignee_id: bookkeeper.id, due_on: n % 2 === 0 ? today : dueOn }, giveUpAt);
        else await write('invoice', 'invoices/', { client_id: client, lines }, giveUpAt);
        await sleep(pauseMs * (0.5 + Math.random()));
      }
    };
    // A write refused (4xx) or a step that failed is a finding, reported with the checks; the run goes on.
    const failures: string[] = [];
    const noted = (what: string) => (error: unknown) => {
      failures.push(`${what}: ${(error as Error).message}`);
    };
    const trafficDone = Promise.all([traffic('task', 300).catch(noted('tasks')), traffic('task', 500).catch(noted('tasks')), traffic('invoice', 700).catch(noted('invoices'))]);

    // Scheduled work due: a recurring template whose occurrences within its lead time the back ends' timers
    // create (each once, its assignee told once), beside the due notices of the tasks due today.
    const template = await json<{ id: number }>('task-templates/', adminToken, {
      method: 'POST',
      body: { client_id: clients[0], title: 'Monthly VAT working papers', assignee_id: bookkeeper.id, frequency: 'monthly', day_of_month: Number(today.slice(8)), lead_days: 60 },
    });
    // A bulk job a third of the way in, over the tasks acknowledged by then; a list import two thirds in, with
    // one new entry, so every registration with parties is screened again by the re-screening job.
    const extras = (async () => {
      await sleep(options.durationMs / 3);
      const ids = writes.filter((entry) => entry.kind === 'task' && entry.id !== null).map((entry) => entry.id!);
      const job = await json<{ id: number; total: number }>('bulk/jobs/', adminToken, { method: 'POST', body: { list: 'tasks', action: 'status', ids, params: { status: 'in_progress' } } });
      await sleep(options.durationMs / 3);
      const xml = demoUnVersion(2, new Date().toISOString()).replace(
        '  </INDIVIDUALS>',
        `    <INDIVIDUAL><DATAID>9909${Date.now() % 1000}</DATAID><VERSIONNUM>1</VERSIONNUM><FIRST_NAME>FAULTS</FIRST_NAME><SECOND_NAME>BENCH</SECOND_NAME><THIRD_NAME>PERSON</THIRD_NAME><UN_LIST_TYPE>ISIL (Da'esh)</UN_LIST_TYPE><REFERENCE_NUMBER>QDi.99${Date.now() % 10}</REFERENCE_NUMBER><NATIONALITY><VALUE>Syria</VALUE></NATIONALITY></INDIVIDUAL>\n  </INDIVIDUALS>`,
      );
      const imported = await json<{ changed: boolean; rescreen_job_id: number | null }>('screening/lists/un', adminToken, { method: 'POST', body: { content: xml, file_name: 'un-faults.xml' } });
      return { bulkJobId: job.id, bulkTotal: job.total, rescreenJobId: imported.rescreen_job_id };
    })().catch((error: unknown) => {
      noted('bulk job or list import')(error);
      return { bulkJobId: 0, bulkTotal: -1, rescreenJobId: null };
    });

    // --- the faults ---
    const recoveries: FaultReport['recoveries'] = [];
    const servesAgain = async (since: number) => {
      // Healed when both back ends answer ready and a read goes through each gateway.
      for (;;) {
        const ready = await Promise.all([...backendPorts.map((port) => answersOk(`http://${HOST}:${port}/readyz`)), ...gatewayUrls.map((url) => answersOk(`${url}/healthz`))]);
        if (ready.every(Boolean)) {
          const reads = await Promise.all(gatewayUrls.map((_url, index) => call('users/me', adminToken, { gateway: index }).then((answer) => answer.status === 200, () => false)));
          if (reads.every(Boolean)) return Date.now() - since;
        }
        await sleep(100);
      }
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
    const throwFault = async (kind: FaultKind) => {
      const at = Date.now();
      let recoveryMs: number;
      if (kind === 'backend SIGKILL') {
        const victim = pick(backends);
        victim.killed = true;
        await victim.current?.kill();
        recoveryMs = await servesAgain(at);
        log(`${elapsed()}: SIGKILL ${victim.name}: serving again after ${recoveryMs} ms`);
      } else if (kind === 'gateway SIGKILL') {
        // Wait (briefly) for the stream to be open, so it is killed with it.
        for (let waited = 0; !streamOpen && waited < 5000; waited += 100) await sleep(100);
        const victim = pick(gateways);
        victim.killed = true;
        await victim.current?.kill();
        recoveryMs = await servesAgain(at);
        log(`${elapsed()}: SIGKILL ${victim.name} (stream ${streamOpen ? 'open' : 'reconnecting'}): serving again after ${recoveryMs} ms`);
      } else if (kind === 'Postgres crash') {
        await postgres.crash();
        await sleep(500 + Math.random() * 1500);
        await postgres.restart();
        recoveryMs = await servesAgain(at);
        log(`${elapsed()}: Postgres crashed (immediate stop) and started again: serving again after ${recoveryMs} ms`);
      } else {
        const target = kind === 'accounting away' ? accounting : asp;
        target.held = true;
        await target.current?.stop();
        target.current = undefined;
        await sleep(options.standInAwayMs);
        target.held = false;
        await launch(target);
        recoveryMs = Date.now() - at - options.standInAwayMs;
        log(`${elapsed()}: ${target.name} away for ${options.standInAwayMs} ms, back after ${recoveryMs} ms more`);
      }
      recoveries.push({ kind, atMs: at - started, recoveryMs });
    };
    // Two lanes, each every kind of its own once in a random order, then random kinds, each at a random moment,
    // until the run ends: the processes' faults one after another (a recovery is told by both gateways serving
    // again, so two at once would blur both), and beside them the stand-ins taken away, which are on no path
    // that recovery reads (the queues reach them in the background).
    const lane = async (kinds: readonly FaultKind[]) => {
      const schedule = [...kinds].sort(() => Math.random() - 0.5);
      while (schedule.length > 0 || Date.now() < runUntil) {
        await sleep(options.quietMs * (0.5 + Math.random()));
        if (schedule.length === 0 && Date.now() >= runUntil) break;
        await throwFault(schedule.shift() ?? pick(kinds));
      }
    };
    await Promise.all([lane(PROCESS_FAULTS), lane(FAULT_KINDS.filter((kind) => !PROCESS_FAULTS.includes(kind)))]);
    faultsDone = true;
    await trafficDone;
    const { bulkJobId, bulkTotal, rescreenJobId } = await extras;
    log(`${elapsed()}: traffic stopped: ${writes.length} writes sent, ${recoveries.length} faults thrown`);

    // --- the drain: every invoice synced, every e-invoice reported, the jobs done, the tasks due today told ---
    const trafficEnded = Date.now();
    const invoiceIds = () => writes.filter((entry) => entry.kind === 'invoice' && entry.id !== null).map((entry) => entry.id!);
    let retriedByHand = 0;
    let drained = false;
    let lastProgress = trafficEnded;
    while (Date.now() - trafficEnded < options.drainMs) {
      const ids = invoiceIds();
      const [state] = await database.query<{ unsynced: number; unreported: number }>(
        `SELECT (SELECT count(*)::int FROM invoices WHERE id = ANY($1::int[]) AND sync_state <> 'synced') AS unsynced,
                (SELECT count(*)::int FROM einvoices WHERE invoice_id = ANY($1::int[]) AND state <> 'reported') AS unreported`,
        [ids],
      );
      // A task written due today late in the traffic waits for the due-notice job's next run (every 5 s here).
      const taskIds = writes.filter((entry) => entry.kind === 'task' && entry.id !== null).map((entry) => entry.id!);
      const [jobs] = await database.query<{ bulk_open: number; rescreen_open: number; due_untold: number }>(
        `SELECT (SELECT count(*)::int FROM bulk_job_rows WHERE job_id = $1 AND outcome IS NULL) AS bulk_open,
                (SELECT count(*)::int FROM aml_rescreen_jobs WHERE id = $2 AND finished_at IS NULL) AS rescreen_open,
                (SELECT count(*)::int FROM tasks WHERE (id = ANY($3::int[]) OR template_id = $4) AND due_on = $5::date
                   AND due_notice_at IS NULL AND assignee_id IS NOT NULL AND status <> 'done') AS due_untold`,
        [bulkJobId, rescreenJobId ?? 0, taskIds, template.id, today],
      );
      if (state!.unsynced === 0 && state!.unreported === 0 && jobs!.bulk_open === 0 && jobs!.rescreen_open === 0 && jobs!.due_untold === 0) {
        drained = true;
        break;
      }
      if (Date.now() - lastProgress >= 5000) {
        lastProgress = Date.now();
        log(`${elapsed()}: draining: ${state!.unsynced} invoices unsynced, ${state!.unreported} e-invoices unreported, ${jobs!.bulk_open} bulk rows open, re-screening ${jobs!.rescreen_open ? 'open' : 'done'}, ${jobs!.due_untold} tasks due today untold`);
      }
      // One that stopped after its tries waits for a person: 'Retry now', as the Unsynced Inv page offers.
      const stuck = await database.query<{ id: number; version: number }>("SELECT id, version FROM invoices WHERE id = ANY($1::int[]) AND sync_state = 'needs_attention'", [ids]);
      for (const invoice of stuck) {
        retriedByHand += 1;
        await call(`invoices/${invoice.id}/retry`, adminToken, { method: 'POST', body: { version: invoice.version } }).catch(() => undefined);
      }
      await sleep(500);
    }
    const drainMs = Date.now() - trafficEnded;
    log(`${elapsed()}: drained in ${(drainMs / 1000).toFixed(1)} s`);
    // The last notifications reach the stream: until every one written has, or 10 s (a miss is then reported).
    for (const until = Date.now() + 10_000; Date.now() < until; await sleep(200)) {
      const written = await database.query<{ id: number }>('SELECT id FROM notifications WHERE user_id = $1 AND id > $2', [bookkeeper.id, firstNotificationAfter]);
      if (streamOpen && written.every((row) => received.includes(row.id))) break;
    }
    streamAbort.abort();
    await streamLoop;

    // --- the proof ---
    const checks: Check[] = [];
    const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
    const keys = writes.map((entry) => entry.key);
    const stored = await database.query<{ idempotency_key: string; count: number; ids: number[] }>(
      `SELECT idempotency_key, count(*)::int AS count, array_agg(entity_id ORDER BY entity_id) AS ids FROM audit_events
        WHERE kind IN ('task_created', 'invoice_issued') AND idempotency_key = ANY($1::text[]) GROUP BY idempotency_key`,
      [keys],
    );
    const storedByKey = new Map(stored.map((row) => [row.idempotency_key, row]));
    const acknowledged = writes.filter((entry) => entry.acknowledged);
    const lost = acknowledged.filter((entry) => !storedByKey.has(entry.key));
    const twice = stored.filter((row) => row.count > 1);
    check('every acknowledged write stored', lost.length === 0, `${acknowledged.length} acknowledged of ${writes.length} sent; lost: ${lost.length}${lost.length ? ` (${lost.slice(0, 5).map((entry) => entry.key).join(', ')})` : ''}`);
    check('no write stored twice', twice.length === 0, `stored twice: ${twice.length}${twice.length ? ` (${twice.slice(0, 5).map((row) => `${row.idempotency_key} -> ${row.ids.join('+')}`).join(', ')})` : ''}`);

    const invoices = await database.query<{ id: number; number: string; sync_state: string; external_id: string | null; uuid: string | null; state: string | null }>(
      `SELECT i.id, i.number, i.sync_state, i.external_id, e.uuid::text AS uuid, e.state FROM invoices i LEFT JOIN einvoices e ON e.invoice_id = i.id
        WHERE i.id IN (SELECT entity_id FROM audit_events WHERE kind = 'invoice_issued' AND idempotency_key = ANY($1::text[])) ORDER BY i.id`,
      [keys],
    );
    const books = (await (await fetch(`${accountingUrl}/_standin/invoices`)).json()) as { references: string[] };
    const inBooks = new Map<string, number>();
    for (const reference of books.references) inBooks.set(reference, (inBooks.get(reference) ?? 0) + 1);
    const notSynced = invoices.filter((invoice) => invoice.sync_state !== 'synced' || (inBooks.get(invoice.number) ?? 0) === 0);
    const syncedTwice = invoices.filter((invoice) => (inBooks.get(invoice.number) ?? 0) > 1);
    check('each invoice synced', notSynced.length === 0, `${invoices.length} invoices; not in the accounting system: ${notSynced.length}${notSynced.length ? ` (${notSynced.slice(0, 5).map((invoice) => `${invoice.number} ${invoice.sync_state}`).join(', ')})` : ''}`);
    check('no invoice synced twice', syncedTwice.length === 0, `in the accounting system twice: ${syncedTwice.length}`);

    const held = (await (await fetch(`${aspUrl}/_standin/documents`)).json()) as { documents: { uuid: string; status: string; submissions: number; reports: number }[] };
    const byUuid = new Map(held.documents.map((document) => [document.uuid, document]));
    const unreported = invoices.filter((invoice) => invoice.state !== 'reported' || byUuid.get(invoice.uuid ?? '')?.reports !== 1);
    const reportedTwice = invoices.filter((invoice) => (byUuid.get(invoice.uuid ?? '')?.reports ?? 0) > 1);
    const submissions = invoices.reduce((sum, invoice) => sum + (byUuid.get(invoice.uuid ?? '')?.submissions ?? 0), 0);
    check('each e-invoice reported', unreported.length === 0, `${invoices.length} e-invoices, ${submissions} submissions; not reported once: ${unreported.length}${unreported.length ? ` (${unreported.slice(0, 5).map((invoice) => `${invoice.number} ${invoice.state}/${byUuid.get(invoice.uuid ?? '')?.reports ?? 'absent'}`).join(', ')})` : ''}`);
    check('no e-invoice reported twice', reportedTwice.length === 0, `reported twice: ${reportedTwice.length}`);

    const bulkRows = await database.query<{ record_id: number; outcome: string | null; applied: number }>(
      `SELECT r.record_id, r.outcome, (SELECT count(*)::int FROM audit_events a WHERE a.entity = 'task' AND a.entity_id = r.record_id AND a.kind = 'task_status_changed' AND a.idempotency_key = 'bulk:' || r.job_id || ':' || r.record_id) AS applied
         FROM bulk_job_rows r WHERE r.job_id = $1`,
      [bulkJobId],
    );
    const bulkNotDone = bulkRows.filter((row) => row.outcome !== 'done' || row.applied !== 1);
    const bulkMoved = await database.query<{ moves: number }>(
      "SELECT count(*)::int AS moves FROM audit_events WHERE entity = 'task' AND kind = 'task_status_changed' AND entity_id = ANY($1::int[])",
      [bulkRows.map((row) => row.record_id)],
    );
    check('each bulk item done once', bulkRows.length === bulkTotal && bulkNotDone.length === 0 && bulkMoved[0]!.moves === bulkRows.length, `${bulkRows.length} rows of job ${bulkJobId}; not done once: ${bulkNotDone.length}; status changes on its tasks: ${bulkMoved[0]!.moves}`);

    const [rescreen] = await database.query<{ total: number; done: number; finished: boolean }>('SELECT total, done, finished_at IS NOT NULL AS finished FROM aml_rescreen_jobs WHERE id = $1', [rescreenJobId ?? 0]);
    const summaries = await database.query<{ user_id: number; count: number }>(
      "SELECT user_id, count(*)::int AS count FROM notifications WHERE kind = 'screening_summary' AND id > $1 GROUP BY user_id",
      [firstNotificationAfter],
    );
    check(
      'the list import re-screened every registration once',
      rescreenJobId !== null && rescreen?.finished === true && rescreen.done === rescreen.total && summaries.every((row) => row.count === 1),
      `job ${rescreenJobId}: ${rescreen?.done ?? 0} of ${rescreen?.total ?? 0} registrations, ${rescreen?.finished ? 'finished' : 'NOT finished'}; summary notices per person: ${summaries.map((row) => row.count).join(', ') || 'none'}`,
    );

    const recurring = await database.query<{ id: number; occurrence_on: string }>('SELECT id, occurrence_on::text FROM tasks WHERE template_id = $1 ORDER BY occurrence_on', [template.id]);
    const taskIds = [...writes.filter((entry) => entry.kind === 'task' && entry.id !== null).map((entry) => entry.id!), ...recurring.map((row) => row.id)];
    const notices = await database.query<{ link: string; kind: string; count: number }>(
      "SELECT link, kind, count(*)::int AS count FROM notifications WHERE user_id = $1 AND id > $2 AND kind IN ('task_assigned', 'task_due_soon') GROUP BY link, kind",
      [bookkeeper.id, firstNotificationAfter],
    );
    // A task's notices link to it as /tasks?task=<id>.
    const linkedTask = (link: string) => Number(new URL(link, 'http://console').searchParams.get('task'));
    const noticeCount = (kind: string, id: number) => notices.filter((row) => row.kind === kind && linkedTask(row.link) === id).reduce((sum, row) => sum + row.count, 0);
    const dueToday = await database.query<{ id: number }>('SELECT id FROM tasks WHERE id = ANY($1::int[]) AND due_on = $2::date', [taskIds, today]);
    const assignedNotOnce = taskIds.filter((id) => noticeCount('task_assigned', id) !== 1);
    const dueNotOnce = dueToday.filter((row) => noticeCount('task_due_soon', row.id) !== 1);
    check(
      'each scheduled run done once',
      recurring.length > 0 && assignedNotOnce.length === 0 && dueNotOnce.length === 0,
      `${recurring.length} recurring task(s) made (${recurring.map((row) => row.occurrence_on).join(', ')}), ${dueToday.length} due notices; tasks not told once of their assignment: ${assignedNotOnce.length}, of being due: ${dueNotOnce.length} (never: ${dueNotOnce.filter((row) => noticeCount('task_due_soon', row.id) === 0).length})`,
    );

    const notified = await database.query<{ id: number; at: number }>(
      'SELECT id, (extract(epoch FROM created_at) * 1000)::float8 AS at FROM notifications WHERE user_id = $1 AND id > $2 ORDER BY id',
      [bookkeeper.id, firstNotificationAfter],
    );
    const seen = new Map<number, number>();
    for (const id of received) seen.set(id, (seen.get(id) ?? 0) + 1);
    const missed = notified.filter((row) => !seen.has(row.id));
    const repeated = [...seen].filter(([, count]) => count > 1);
    check('each notification reached the stream', missed.length === 0, `${notified.length} notifications, ${reconnects} reconnects with Last-Event-ID; missed: ${missed.length}${
        missed.length
          ? ` (${missed.slice(0, 10).map((row) => `id ${row.id} written at ${Math.round(row.at - started)} ms`).join(', ')}; stream dropped at ${dropsAt.join(', ')} ms; faults at ${recoveries.map((entry) => `${entry.kind} ${entry.atMs}`).join(', ')} ms)`
          : ''
      }`);
    check('no notification on the stream twice', repeated.length === 0, `twice: ${repeated.length}`);
    check('no 5xx without an errorCode', bareServerErrors.length === 0, `${serverErrors.total} 5xx answers, all but ${bareServerErrors.length} with an errorCode${bareServerErrors.length ? `: ${bareServerErrors.slice(0, 3).join(' | ')}` : ''}`);
    check('no write refused, no step failed', failures.length === 0, failures.length ? failures.slice(0, 3).join(' | ') : 'none');
    const crashed = slots.filter((entry) => entry.unexpectedExits > 0);
    check('no process crashed on its own', crashed.length === 0, crashed.length ? crashed.map((entry) => `${entry.name} x${entry.unexpectedExits}`).join(', ') : 'none: every exit was a fault thrown');
    check('every fault kind thrown', FAULT_KINDS.every((kind) => recoveries.some((entry) => entry.kind === kind)), recoveries.map((entry) => entry.kind).join(', '));
    check('drained', drained, `every invoice synced and e-invoice reported ${drained ? 'within' : 'NOT within'} ${options.drainMs} ms of the traffic's end`);

    return {
      checks,
      recoveries,
      drainMs,
      counts: {
        writesSent: writes.length,
        writesAcknowledged: acknowledged.length,
        retriedWrites: writes.filter((entry) => entry.tries > 1).length,
        tasks: writes.filter((entry) => entry.kind === 'task' && entry.acknowledged).length,
        invoices: invoices.length,
        einvoiceSubmissions: submissions,
        notifications: notified.length,
        bulkRows: bulkRows.length,
        rescreened: rescreen?.done ?? 0,
        recurringTasks: recurring.length,
        streamReconnects: reconnects,
        serverErrors: serverErrors.total,
        retriedByHand,
        crashes: slots.reduce((sum, entry) => sum + entry.unexpectedExits, 0),
      },
    };
  } finally {
    stopping = true;
    await Promise.all(slots.map(async (entry) => {
      await entry.restarting?.catch(() => {});
      await entry.current?.stop();
    }));
    await database?.close().catch(() => {});
    await (cluster ?? (await clusterStarting.catch(() => undefined)))?.stop();
  }
}

/** The report as lines to print: the checks, then the figures. */
export function describeReport(report: FaultReport): string[] {
  const lines = report.checks.map((entry) => `${entry.ok ? 'ok  ' : 'FAIL'} ${entry.name}: ${entry.detail}`);
  lines.push('', 'recovery (fault thrown -> both gateways serve a read through their back end again; a stand-in: back after its time away):');
  for (const kind of FAULT_KINDS) {
    const times = report.recoveries.filter((entry) => entry.kind === kind).map((entry) => entry.recoveryMs).sort((a, b) => a - b);
    if (times.length === 0) continue;
    lines.push(`  ${kind.padEnd(16)} x${times.length}: median ${(times[Math.floor(times.length / 2)]! / 1000).toFixed(1)} s, max ${(times.at(-1)! / 1000).toFixed(1)} s`);
  }
  lines.push(`drain after the traffic: ${(report.drainMs / 1000).toFixed(1)} s`);
  lines.push(`counts: ${Object.entries(report.counts).map(([name, value]) => `${name} ${value}`).join(', ')}`);
  return lines;
}
