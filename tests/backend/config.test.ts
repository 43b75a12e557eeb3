/** Start-up configuration: defaults, one clear line per bad value, and no emulator mode in production. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../backend/src/config.ts';

const base = { FIREBASE_PROJECT_ID: 'demo-staff-console' };

describe('loadConfig', () => {
  it('fills in the documented defaults', () => {
    expect(loadConfig(base)).toMatchObject({
      PORT: 3001,
      HOST: '127.0.0.1',
      DATA_DIR: './data/db',
      DATABASE_POOL_MAX: 10,
      SEED_DEMO_DATA: false,
      FIREBASE_PROJECT_ID: 'demo-staff-console',
    });
    expect(loadConfig({ ...base, PORT: '4000', SEED_DEMO_DATA: 'true', DATA_DIR: 'memory://' })).toMatchObject({
      PORT: 4000,
      SEED_DEMO_DATA: true,
      DATA_DIR: 'memory://',
    });
  });

  it.each([
    [{}, 'FIREBASE_PROJECT_ID is required'],
    [{ ...base, PORT: 'eighty' }, 'PORT'],
    [{ ...base, PORT: '70000' }, 'PORT'],
    [{ ...base, SEED_DEMO_DATA: 'perhaps' }, 'SEED_DEMO_DATA'],
    [{ ...base, FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099' }, 'FIREBASE_AUTH_EMULATOR_HOST'],
    [{ FIREBASE_PROJECT_ID: 'Not A Project' }, 'FIREBASE_PROJECT_ID'],
    [{ ...base, DATABASE_URL: 'mysql://db/console' }, 'DATABASE_URL'],
    [{ ...base, DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX'],
    [{ ...base, CLIENT_JOBS_INTERVAL_MS: '-1' }, 'CLIENT_JOBS_INTERVAL_MS'],
  ])('names the bad variable in one line (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrowError(new RegExp(`^invalid configuration: ${name}`));
  });

  // E-invoicing: the ASP's settings, validated at start-up like the accounting system's.
  const asp = { EINVOICING_ASP_URL: 'https://asp.example.ae/api', EINVOICING_ASP_API_KEY: 'a-long-api-key', EINVOICING_SENDER_ID: '0235:1002345678' };
  it.each([
    [{ ...base, ...asp, EINVOICING_ASP_URL: 'asp.example.ae' }, 'EINVOICING_ASP_URL'],
    [{ ...base, ...asp, EINVOICING_SENDER_ID: '1002345678' }, 'EINVOICING_SENDER_ID'],
    [{ ...base, ...asp, EINVOICING_SENDER_ID: '0235:12345' }, 'EINVOICING_SENDER_ID'],
    [{ ...base, ...asp, EINVOICING_ASP_API_KEY: 'short' }, 'EINVOICING_ASP_API_KEY'],
    [{ ...base, ...asp, EINVOICING_TIMEOUT_MS: '0' }, 'EINVOICING_TIMEOUT_MS'],
    [{ ...base, ...asp, EINVOICING_ASP_API_KEY: '' }, 'EINVOICING_ASP_URL needs EINVOICING_ASP_API_KEY and EINVOICING_SENDER_ID'],
    [{ ...base, EINVOICING_ASP_URL: asp.EINVOICING_ASP_URL }, 'EINVOICING_ASP_URL needs EINVOICING_ASP_API_KEY and EINVOICING_SENDER_ID'],
  ])('stops start-up naming a bad e-invoicing setting (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrowError(new RegExp(`^invalid configuration: ${name}`));
  });

  it('takes the ASP settings whole, and empty ones (compose passes ${VAR:-} through) as unset: e-invoicing off', () => {
    expect(loadConfig({ ...base, ...asp })).toMatchObject({ ...asp, EINVOICING_TIMEOUT_MS: 15000 });
    const off = loadConfig({ ...base, EINVOICING_ASP_URL: '', EINVOICING_ASP_API_KEY: '', EINVOICING_SENDER_ID: '' });
    expect([off.EINVOICING_ASP_URL, off.EINVOICING_ASP_API_KEY, off.EINVOICING_SENDER_ID]).toEqual([undefined, undefined, undefined]);
  });

  it('refuses the emulator in production unless the loud opt-in is set', () => {
    const production = { ...base, NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(() => loadConfig(production)).toThrowError(/refusing to start: FIREBASE_AUTH_EMULATOR_HOST .* ALLOW_UNSIGNED_EMULATOR_TOKENS_IN_PRODUCTION=yes-i-know/);
    expect(() => loadConfig({ ...production, ALLOW_UNSIGNED_EMULATOR_TOKENS_IN_PRODUCTION: 'yes' })).toThrowError(/refusing/);
    expect(loadConfig({ ...production, ALLOW_UNSIGNED_EMULATOR_TOKENS_IN_PRODUCTION: 'yes-i-know' }).FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).NODE_ENV).toBe('production');
  });
});

describe('the server process', () => {
  it('exits 1 with one line naming the variable when the configuration is bad', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'backend/src/server.ts'], {
      env: { PATH: process.env.PATH, FIREBASE_PROJECT_ID: 'demo-staff-console', PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('backend: invalid configuration: PORT must be integer');
  });
});
