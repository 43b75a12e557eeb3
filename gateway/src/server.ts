/**
 * `npm run gateway`: configuration from the environment, then listen. A configuration problem prints one
 * line naming the variable and exits 1; SIGTERM/SIGINT stop gracefully (in-flight requests finish).
 */
import { ConfigError, loadConfig } from './config.ts';
import { startGateway } from './start.ts';

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const gateway = await startGateway(config);
gateway.app.log.info(
  { port: gateway.port, redirectPort: gateway.redirectPort, metricsPort: gateway.metricsPort ?? null, https: Boolean(config.tls), emulator: config.firebase.emulatorHost ?? null },
  'gateway listening',
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    gateway.app.log.info({ signal }, 'shutting down');
    gateway.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        gateway.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
