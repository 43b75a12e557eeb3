/**
 * ops/prometheus/alerts.yml as promtool reads a rules file (`promtool check rules`): groups with unique names,
 * each rule an alert or a recording rule with an expression, a duration in Prometheus' format, label names
 * Prometheus accepts and string values, no field promtool does not know; and every metric an expression
 * names is one the gateway or the back end exports (or Prometheus' own `up`), so a renamed metric cannot
 * leave an alert that never fires.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createBackendMetrics } from '../../backend/src/plugins/metrics.ts';
import type { Database } from '../../backend/src/db/database.ts';
import { RequestMetrics } from '../../common/server/metrics.ts';
import type { TokenVerifier } from '../../common/server/token-verifier.ts';
import { createGatewayMetrics } from '../../gateway/src/metrics.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RULES_FILE = `${root}/ops/prometheus/alerts.yml`;

const DURATION = /^(?:\d+y)?(?:\d+w)?(?:\d+d)?(?:\d+h)?(?:\d+m)?(?:\d+s)?(?:\d+ms)?$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const GROUP_KEYS = new Set(['name', 'interval', 'limit', 'rules', 'query_offset', 'labels']);
const ALERT_KEYS = new Set(['alert', 'expr', 'for', 'keep_firing_for', 'labels', 'annotations']);
const RECORD_KEYS = new Set(['record', 'expr', 'labels']);
/** PromQL words that look like names but are not metrics. */
const KEYWORDS = new Set(['by', 'without', 'and', 'or', 'unless', 'on', 'ignoring', 'group_left', 'group_right', 'offset', 'bool', 'inf', 'nan']);

interface Rule {
  alert?: unknown;
  record?: unknown;
  expr?: unknown;
  for?: unknown;
  labels?: unknown;
  annotations?: unknown;
  [key: string]: unknown;
}

/** What promtool would refuse in a rules file; empty when it passes. */
function ruleFileErrors(text: string): string[] {
  const errors: string[] = [];
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    return [`not YAML: ${(error as Error).message}`];
  }
  const groups = (document as { groups?: unknown })?.groups;
  if (!Array.isArray(groups) || groups.length === 0) return ['groups: a non-empty list is required'];
  const names = new Set<string>();
  groups.forEach((group: Record<string, unknown>, index) => {
    const where = `groups[${index}]`;
    if (typeof group?.name !== 'string' || group.name === '') errors.push(`${where}: name is required`);
    else if (names.has(group.name)) errors.push(`${where}: group name ${group.name} repeated`);
    else names.add(group.name);
    for (const key of Object.keys(group ?? {})) if (!GROUP_KEYS.has(key)) errors.push(`${where}: field ${key} not found in type rulefmt.RuleGroup`);
    if (group.interval !== undefined && !(typeof group.interval === 'string' && DURATION.test(group.interval))) errors.push(`${where}: bad interval`);
    if (!Array.isArray(group.rules)) {
      errors.push(`${where}: rules must be a list`);
      return;
    }
    group.rules.forEach((rule: Rule, ruleIndex) => {
      const at = `${where}.rules[${ruleIndex}]`;
      const isAlert = rule.alert !== undefined;
      if (isAlert === (rule.record !== undefined)) errors.push(`${at}: one of alert or record is required`);
      const name = isAlert ? rule.alert : rule.record;
      if (typeof name !== 'string' || name === '' || (!isAlert && !/^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(name))) errors.push(`${at}: invalid name ${String(name)}`);
      for (const key of Object.keys(rule)) if (!(isAlert ? ALERT_KEYS : RECORD_KEYS).has(key)) errors.push(`${at}: field ${key} not allowed`);
      if (typeof rule.expr !== 'string' || rule.expr.trim() === '') errors.push(`${at}: expr is required`);
      else if (!balanced(rule.expr)) errors.push(`${at}: expr has unbalanced brackets or quotes`);
      for (const key of ['for', 'keep_firing_for'] as const) {
        if (rule[key] !== undefined && !(typeof rule[key] === 'string' && rule[key] !== '' && DURATION.test(rule[key]))) errors.push(`${at}: ${key} is not a duration`);
      }
      for (const key of ['labels', 'annotations'] as const) {
        const map = rule[key];
        if (map === undefined) continue;
        if (typeof map !== 'object' || map === null || Array.isArray(map)) {
          errors.push(`${at}: ${key} must be a map`);
          continue;
        }
        for (const [label, value] of Object.entries(map)) {
          if (!LABEL_NAME.test(label)) errors.push(`${at}: invalid ${key} name ${label}`);
          if (typeof value !== 'string') errors.push(`${at}: ${key}.${label} must be a string`);
        }
      }
    });
  });
  return errors;
}

function balanced(expr: string): boolean {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (let index = 0; index < expr.length; index++) {
    const char = expr[index]!;
    if (char === '"') {
      const end = expr.indexOf('"', index + 1);
      if (end === -1) return false;
      index = end;
    } else if ('([{'.includes(char)) stack.push(char);
    else if (char in pairs && stack.pop() !== pairs[char]) return false;
  }
  return stack.length === 0;
}

/** The metric names an expression reads: label matchers, strings, ranges, grouping clauses and functions taken out. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\boffset\s+\w+/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w.:])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![\w:])(?!\s*\()/g)) {
    const name = match[1]!;
    if (!KEYWORDS.has(name.toLowerCase())) names.add(name);
  }
  return [...names];
}

/** Every series name the two services can export, read from their registries' own output. */
async function exportedNames(): Promise<Set<string>> {
  const verifier = { stats: { cacheHits: 0, verifications: { ok: 0, expired: 0, invalid: 0, unavailable: 0 }, cacheEntries: () => 0 } } as unknown as TokenVerifier;
  const gateway = createGatewayMetrics(new RequestMetrics(), verifier, () => ({ connected: 0, pending: 0, running: 0 }));
  const failing = { query: () => Promise.reject(new Error('no database here')) } as unknown as Database;
  const backend = createBackendMetrics(() => failing);
  backend.registerVerifier(verifier);
  const names = new Set<string>(['up']);
  for (const registry of [gateway.registry, backend.registry]) {
    for (const match of (await registry.metrics()).matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      names.add(match[1]!);
      if (match[2] === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${match[1]}${suffix}`);
    }
  }
  return names;
}

describe('ops/prometheus/alerts.yml', () => {
  const text = readFileSync(RULES_FILE, 'utf8');

  it('parses as promtool reads a rules file', () => {
    expect(ruleFileErrors(text)).toEqual([]);
  });

  it('names only metrics the gateway and the back end export', async () => {
    const exported = await exportedNames();
    const rules = (parse(text) as { groups: { rules: { alert: string; expr: string }[] }[] }).groups.flatMap((group) => group.rules);
    for (const rule of rules) {
      const names = metricNames(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) expect(exported.has(name), `${rule.alert}: ${name}`).toBe(true);
    }
  });

  it('covers what ops asked for: old queues, 5xx, the ASP and accounting, sanctions lists, schedulers', () => {
    const alerts = (parse(text) as { groups: { rules: { alert: string }[] }[] }).groups.flatMap((group) => group.rules.map((rule) => rule.alert));
    expect(alerts).toEqual(expect.arrayContaining(['ConsoleQueueTooOld', 'Console5xxRateRising', 'ConsoleAspFailing', 'ConsoleAccountingSystemFailing', 'ConsoleSanctionsListStale', 'ConsoleSchedulerNotRun']));
  });

  it('refuses what promtool refuses (the checks can fail)', async () => {
    expect(ruleFileErrors('groups: []')).not.toEqual([]);
    expect(ruleFileErrors('groups:\n  - name: a\n    rules:\n      - alert: A\n        expr: up == 0\n        for: 5 minutes\n')).toEqual(['groups[0].rules[0]: for is not a duration']);
    expect(ruleFileErrors('groups:\n  - name: a\n    rules:\n      - alert: A\n        record: b\n        expr: up\n')).not.toEqual([]);
    expect(ruleFileErrors('groups:\n  - name: a\n    rules:\n      - alert: A\n        expr: sum(rate(up[5m])\n')).toEqual(['groups[0].rules[0]: expr has unbalanced brackets or quotes']);
    expect(ruleFileErrors('groups:\n  - name: a\n    rules:\n      - alert: A\n        expr: up\n        labels: { severity: 1 }\n        sevrity: page\n')).toHaveLength(2);
    expect(ruleFileErrors('groups:\n  - name: a\n    rules: []\n  - name: a\n    rules: []\n')).toEqual(['groups[1]: group name a repeated']);
    expect(metricNames('time() - max by (worker) (console_worker_last_success_timestamp_seconds{worker=~"a|b"}) > 3600')).toEqual(['console_worker_last_success_timestamp_seconds']);
    expect(metricNames('sum(rate(http_requests_total{status=~"5.."}[5m] offset 5m)) > 2 * sum(rate(http_requests_totl[1h]))')).toEqual(['http_requests_total', 'http_requests_totl']);
    expect((await exportedNames()).has('http_requests_totl')).toBe(false);
  });
});
