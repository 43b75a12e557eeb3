/**
 * docker-compose.yml (the demo) and docker-compose.production.yml as compose itself reads them. Always: read
 * here (tests/support/compose-file.ts: YAML, compose's `${...}` interpolation, the Compose Specification's
 * JSON schema with ajv), so a machine without docker needs nothing installed. When a `docker-compose` binary
 * exists, the same checks also run on its `config` output.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { composeSchemaErrors, interpolate, loadComposeFile, readYaml } from '../support/compose-file.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FILES = { demo: 'docker-compose.yml', production: 'docker-compose.production.yml' } as const;
const PRODUCTION_ENV = {
  FIREBASE_PROJECT_ID: 'acme-console',
  FIREBASE_WEB_API_KEY: 'web-api-key',
  FIREBASE_AUTH_DOMAIN: 'acme-console.firebaseapp.com',
  FIREBASE_APP_ID: '1:123:web:abc',
  POSTGRES_PASSWORD: 'a-long-random-password',
};

interface ComposeModel {
  services: Record<string, { environment?: Record<string, string | null>; ports?: unknown[]; expose?: unknown[]; volumes?: unknown[]; profiles?: string[] }>;
  volumes?: Record<string, unknown>;
}

/** What a compose implementation says about a file: exit status, what it printed on stderr, the model it ran. */
interface ComposeResult {
  status: number;
  stderr: string;
  /** The resolved configuration as text (empty when it stopped). */
  stdout: string;
  model?: ComposeModel;
}
type Compose = (file: string, env: Record<string, string>) => ComposeResult;

/** Read here, as compose-go would: a missing required variable stops it with status 1. */
const readHere: Compose = (file, env) => {
  const { model, error, warnings } = loadComposeFile(`${root}/${file}`, env);
  const stderr = [...warnings, ...(error ? [error] : [])].join('\n');
  return model ? { status: 0, stderr, stdout: JSON.stringify(model, null, 2), model: model as ComposeModel } : { status: 1, stderr, stdout: '' };
};

/** `docker-compose -f file config` with exactly `env` (plus PATH), from a folder without a .env file. */
const dockerCompose: Compose = (file, env) => {
  const result = spawnSync('docker-compose', ['--project-directory', root, '-f', `${root}/${file}`, 'config'], {
    cwd: '/',
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  return { status: result.status ?? 1, stderr: result.stderr, stdout: result.stdout, model: result.status === 0 ? (parse(result.stdout) as ComposeModel) : undefined };
};

const hasDockerCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;
const implementations: [string, Compose][] = [['read here', readHere], ...(hasDockerCompose ? [['docker-compose config', dockerCompose] as [string, Compose]] : [])];

describe('compose interpolation', () => {
  const env = { SET: 'value', EMPTY: '' };

  it('replaces $VAR and ${VAR}, and keeps $$ as a literal $', () => {
    expect(interpolate('a $SET ${SET}b $$SET $$ $', env)).toBe('a value valueb $SET $ $');
  });

  it('takes defaults when unset (-) or also when empty (:-), nested ones too', () => {
    expect(interpolate('${EMPTY-d} ${EMPTY:-d} ${UNSET-d} ${UNSET:-${SET}/x} ${SET:-d}', env)).toBe(' d d value/x value');
  });

  it('takes the alternative when set (+) or set and not empty (:+)', () => {
    expect(interpolate('[${EMPTY+a}] [${EMPTY:+a}] [${UNSET+a}] [${SET:+a}]', env)).toBe('[a] [] [] [a]');
  });

  it('stops on a required variable, unset (?) or also empty (:?), naming it and the message', () => {
    expect(interpolate('${EMPTY?never}', env)).toBe('');
    expect(() => interpolate('${EMPTY:?EMPTY is required}', env)).toThrow('required variable EMPTY is missing a value: EMPTY is required');
    expect(() => interpolate('${UNSET?}', env)).toThrow('required variable UNSET is missing a value');
  });

  it('warns about an unset variable without a default and refuses a bad expression', () => {
    const warnings: string[] = [];
    expect(interpolate('x${UNSET}y', env, warnings)).toBe('xy');
    expect(warnings).toEqual(['The "UNSET" variable is not set. Defaulting to a blank string.']);
    expect(() => interpolate('${SET', env)).toThrow('invalid interpolation format');
    expect(() => interpolate('${SET!x}', env)).toThrow('invalid interpolation format');
  });
});

/** Both servers' metrics listen on the compose network (exposed) and are never published on the host. */
function expectMetricsInternal(model: ComposeModel): void {
  for (const [service, variable, port] of [['backend', 'BACKEND_METRICS_PORT', '9464'], ['gateway', 'GATEWAY_METRICS_PORT', '9465']] as const) {
    const definition = model.services[service]!;
    expect(definition.environment?.[variable], service).toBe(port);
    expect((definition.expose ?? []).map(String), service).toContain(port);
    expect(JSON.stringify(definition.ports ?? []), service).not.toContain(port);
  }
}

describe.each(implementations)('%s', (_name, compose) => {
  describe('docker-compose.yml: the demo', () => {
    it('is valid with no variables set, and runs the emulator, the back end, the accounting and ASP stand-ins and the gateway on :8080', () => {
      const result = compose(FILES.demo, {});
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const model = result.model!;
      expect(Object.keys(model.services).sort()).toEqual(['accounting-standin', 'asp-standin', 'auth-emulator', 'backend', 'gateway']);
      expect(model.services.backend!.environment).toMatchObject({ ZOHO_BOOKS_API_URL: 'http://accounting-standin:9180/books/v3', EINVOICING_ASP_URL: 'http://asp-standin:9380' });
      const gateway = model.services.gateway!;
      expect(gateway.environment).toMatchObject({ API_UPSTREAM: 'http://backend:8081', FIREBASE_AUTH_EMULATOR_HOST: 'auth-emulator:9099' });
      expect(JSON.stringify(gateway.ports)).toContain('8080');
      expectMetricsInternal(model);
    });
  });

  describe('docker-compose.production.yml', () => {
    it('names a missing required variable and starts nothing', () => {
      for (const missing of Object.keys(PRODUCTION_ENV)) {
        const env: Record<string, string> = { ...PRODUCTION_ENV };
        delete env[missing];
        const result = compose(FILES.production, env);
        expect(result.status, missing).not.toBe(0);
        expect(result.stderr, missing).toContain(`${missing} is required (see .env.example)`);
      }
    });

    it('puts the back ends on the Postgres service with a named volume, and never the emulator', () => {
      const result = compose(FILES.production, PRODUCTION_ENV);
      expect(result.status, result.stderr).toBe(0);
      const model = result.model!;
      expect(Object.keys(model.services).sort()).toEqual(['backend', 'gateway', 'postgres']);
      expect(model.services.backend!.environment).toMatchObject({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgresql://console:a-long-random-password@postgres:5432/console',
      });
      expect(model.services.gateway!.environment).toMatchObject({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'acme-console' });
      expect(result.stdout).not.toContain('FIREBASE_AUTH_EMULATOR_HOST');
      expect(Object.keys(model.volumes ?? {})).toEqual(['postgres-data']);
      expectMetricsInternal(model);
    });
  });
});

describe('the compose specification schema', () => {
  it.each(Object.values(FILES))('accepts %s as written', (file) => {
    expect(composeSchemaErrors(readYaml(`${root}/${file}`))).toEqual([]);
  });

  it('rejects a file that breaks it (the check can fail)', () => {
    expect(composeSchemaErrors({ services: { gateway: { read_only: 'yes', prots: [] } } }).length).toBeGreaterThan(0);
  });
});
