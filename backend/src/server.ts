/** The back end's process: configuration from the environment, listen, and a graceful stop on SIGINT/SIGTERM. */
import { buildBackend } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startMetricsServer } from '../../common/server/metrics.ts';
import { snapshotFolderOf, writeSnapshotFolder } from './db/snapshot.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildBackend(config);
  const metrics =
    config.BACKEND_METRICS_PORT === undefined
      ? undefined
      : await startMetricsServer(app.metrics.registry, config.BACKEND_METRICS_HOST, config.BACKEND_METRICS_PORT).catch((error: unknown) => {
          throw new ConfigError(`BACKEND_METRICS_PORT ${config.BACKEND_METRICS_PORT} on ${config.BACKEND_METRICS_HOST}: ${(error as Error).message}`);
        });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A second signal or a stuck close must not leave the process hanging.
    setTimeout(() => process.exit(1), 10_000).unref();
    await Promise.all([app.close(), metrics?.close()]);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  // `npm run backup` while `npm start` runs: only this process may read its PGlite folder, so it takes the copy.
  const snapshot = app.db.snapshot?.bind(app.db);
  if (snapshot && !config.DATABASE_URL && !config.DATA_DIR.includes('://')) {
    process.on('SIGUSR2', () => {
      writeSnapshotFolder(snapshot, snapshotFolderOf(config.DATA_DIR)).then(
        () => app.log.info('wrote a snapshot for a backup'),
        (error: unknown) => app.log.error({ err: error }, 'could not write a snapshot for a backup'),
      );
    });
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  if (metrics) app.log.info({ metricsPort: metrics.port, host: config.BACKEND_METRICS_HOST }, 'metrics at /metrics');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`backend: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`backend: port already in use (${(error as Error).message.replace(/^.*EADDRINUSE: /, '')}); set PORT to a free one`);
  } else {
    console.error(`backend: failed to start: ${(error as Error).message}`);
  }
  process.exit(1);
});
