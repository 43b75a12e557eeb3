/**
 * The Database interface on a Postgres server through node-postgres: a pool for queries and transactions,
 * and one dedicated connection for LISTEN that reconnects by itself, so live notifications keep flowing
 * across replicas after a database restart or a dropped connection.
 */
import pg from 'pg';
import type { Database, Queryable } from './queryable.ts';

/**
 * Values come back as PGlite returns them, so code and tests see the same types on both: bigint (count(*))
 * as a number rather than a string, and date/timestamp without time zone read as UTC rather than the
 * process's local time.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    if (oid === pg.types.builtins.DATE) return (value: string) => new Date(`${value}T00:00:00Z`);
    if (oid === pg.types.builtins.TIMESTAMP) return (value: string) => new Date(`${value.replace(' ', 'T')}Z`);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** Session settings PGlite has by default. */
const SESSION_OPTIONS = '-c TimeZone=UTC';

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const clientConfig = { connectionString: url, types, options: SESSION_OPTIONS };
  const pool = new pg.Pool({ ...clientConfig, max: poolMax });
  // An idle pooled connection that dies (server restart) emits 'error' on the pool; the next query gets a fresh one.
  pool.on('error', () => {});
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  const listener = new Listener(() => new pg.Client(clientConfig));
  const run = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[];
  return {
    query: (sql, params) => run(pool, sql, params),
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      // A connection that dies while checked out between two statements (the server crashed or was restarted)
      // emits 'error' with no pool listener on it, which would end the process: noted here instead, the next
      // statement fails, and the connection is dropped on release.
      const onError = (error: Error) => (broken = error);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const tx: Queryable = { query: (sql, params) => run(client, sql, params) };
        const result = await work(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          // The connection is unusable: drop it from the pool instead of handing it to the next caller.
          broken = rollbackError as Error;
        }
        throw error;
      } finally {
        client.removeListener('error', onError);
        client.release(broken);
      }
    },
    listen: (channel, onMessage, onResume) => listener.add(channel, onMessage, onResume),
    async close() {
      await listener.close();
      await pool.end();
    },
    poolStats: () => ({ max: poolMax, open: pool.totalCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** All listen() calls of one Database share this one connection; it re-issues every LISTEN after reconnecting. */
class Listener {
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  /** Told when the connection is back after a loss: every signal sent in between was missed. */
  private readonly resumed = new Set<() => void>();
  private lostOnce = false;
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay = RECONNECT_MIN_MS;
  private closed = false;

  constructor(private readonly createClient: () => pg.Client) {}

  async add(channel: string, onMessage: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>> {
    let callbacks = this.channels.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.channels.set(channel, callbacks);
      try {
        // A repeated LISTEN is a no-op, so it does not matter whether connect() already listened to it.
        await (await this.connect()).query(`LISTEN ${quoteIdent(channel)}`);
      } catch (error) {
        this.channels.delete(channel);
        throw error;
      }
    }
    callbacks.add(onMessage);
    if (onResume) this.resumed.add(onResume);
    return async () => {
      callbacks.delete(onMessage);
      if (onResume) this.resumed.delete(onResume);
      if (callbacks.size > 0 || this.channels.get(channel) !== callbacks) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = this.createClient();
      client.on('notification', (message) => {
        for (const onMessage of this.channels.get(message.channel) ?? []) onMessage(message.payload ?? '');
      });
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        for (const channel of this.channels.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
      } catch (error) {
        client.removeAllListeners('end');
        await client.end().catch(() => {});
        throw error;
      } finally {
        this.connecting = undefined;
      }
      this.client = client;
      this.retryDelay = RECONNECT_MIN_MS;
      if (this.lostOnce) {
        this.lostOnce = false;
        for (const onResume of this.resumed) onResume();
      }
      return client;
    })();
    return this.connecting;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.lostOnce = true;
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.channels.size === 0 || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect().catch(() => {
        this.retryDelay = Math.min(this.retryDelay * 2, RECONNECT_MAX_MS);
        this.scheduleReconnect();
      });
    }, this.retryDelay);
    this.retryTimer.unref();
  }
}
