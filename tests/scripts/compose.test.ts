/**
 * docker-compose.yml (the demo) and docker-compose.production.yml as compose itself reads them: Debian's
 * docker-compose validates and interpolates them (`config`), and both files also validate as written against
 * the compose specification's JSON schema (the copy docker-compose ships, checked with Python's jsonschema,
 * both installed with it by .ci/run).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const COMPOSE_SPEC_SCHEMA = '/usr/lib/python3/dist-packages/compose/config/compose_spec.json';
const FILES = { demo: 'docker-compose.yml', production: 'docker-compose.production.yml' } as const;
const PRODUCTION_ENV = {
  FIREBASE_PROJECT_ID: 'acme-console',
  FIREBASE_WEB_API_KEY: 'web-api-key',
  FIREBASE_AUTH_DOMAIN: 'acme-console.firebaseapp.com',
  FIREBASE_APP_ID: '1:123:web:abc',
  POSTGRES_PASSWORD: 'a-long-random-password',
};

/** `docker-compose -f file config` with exactly `env` (plus PATH), from a folder without a .env file. */
function composeConfig(file: string, env: Record<string, string>, ...flags: string[]) {
  const result = spawnSync('docker-compose', ['--project-directory', root, '-f', `${root}/${file}`, 'config', ...flags], {
    cwd: '/',
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  return result;
}

interface ComposeModel {
  services: Record<string, { environment?: Record<string, string | null>; ports?: unknown[]; volumes?: unknown[]; profiles?: string[] }>;
  volumes?: Record<string, unknown>;
}

function parseYaml(text: string): ComposeModel {
  const result = spawnSync('python3', ['-c', 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'], { input: text, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as ComposeModel;
}

describe('docker-compose.yml: the demo', () => {
  it('is valid with no variables set, and runs the emulator, the back end and the gateway on :8080', () => {
    const result = composeConfig(FILES.demo, {});
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const model = parseYaml(result.stdout);
    expect(Object.keys(model.services).sort()).toEqual(['auth-emulator', 'backend', 'gateway']);
    const gateway = model.services.gateway!;
    expect(gateway.environment).toMatchObject({ API_UPSTREAM: 'http://backend:8081', FIREBASE_AUTH_EMULATOR_HOST: 'auth-emulator:9099' });
    expect(JSON.stringify(gateway.ports)).toContain('8080');
  });
});

describe('docker-compose.production.yml', () => {
  it('names a missing required variable and starts nothing', () => {
    for (const missing of Object.keys(PRODUCTION_ENV)) {
      const env: Record<string, string> = { ...PRODUCTION_ENV };
      delete env[missing];
      const result = composeConfig(FILES.production, env, '-q');
      expect(result.status, missing).not.toBe(0);
      expect(result.stderr, missing).toContain(`${missing} is required (see .env.example)`);
    }
  });

  it('puts the back ends on the Postgres service with a named volume, and never the emulator', () => {
    const result = composeConfig(FILES.production, PRODUCTION_ENV);
    expect(result.status, result.stderr).toBe(0);
    const model = parseYaml(result.stdout);
    expect(Object.keys(model.services).sort()).toEqual(['backend', 'gateway', 'postgres']);
    expect(model.services.backend!.environment).toMatchObject({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://console:a-long-random-password@postgres:5432/console',
    });
    expect(model.services.gateway!.environment).toMatchObject({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'acme-console' });
    expect(result.stdout).not.toContain('FIREBASE_AUTH_EMULATOR_HOST');
    expect(Object.keys(model.volumes ?? {})).toEqual(['postgres-data']);
  });
});

describe('the compose specification schema', () => {
  it.each(Object.values(FILES))('accepts %s as written', (file) => {
    const script = [
      'import json, sys, yaml, jsonschema',
      `schema = json.load(open(${JSON.stringify(COMPOSE_SPEC_SCHEMA)}))`,
      `document = yaml.safe_load(open(${JSON.stringify(`${root}/${file}`)}))`,
      'errors = [f"{list(e.absolute_path)}: {e.message}" for e in jsonschema.Draft201909Validator(schema).iter_errors(document)]',
      'if errors: sys.exit("\\n".join(errors))',
    ].join('\n');
    const result = spawnSync('python3', ['-c', script], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('rejects a file that breaks it (the check can fail)', () => {
    const script = [
      'import json, yaml, jsonschema',
      `schema = json.load(open(${JSON.stringify(COMPOSE_SPEC_SCHEMA)}))`,
      'print(len(list(jsonschema.Draft201909Validator(schema).iter_errors({"services": {"gateway": {"read_only": "yes", "prots": []}}}))))',
    ].join('\n');
    expect(Number(spawnSync('python3', ['-c', script], { encoding: 'utf8' }).stdout.trim())).toBeGreaterThan(0);
  });
});
