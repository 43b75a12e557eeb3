/**
 * Who may be assigned, told or decide is a capability of common/access.ts, derived from the navigation table;
 * a module that named a role itself would drift from the table without a word. Demo data names roles to make
 * its users, so seed and demo files are left out. Comments and messages may name a role: they are read, not
 * obeyed, so only a literal that is a role (`'ADMIN'`, `role IN ('ADMIN')` in SQL) or a role constant counts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES, may, rolesThat, routeByKey } from '../../common/access.ts';
import { STAFF_ROLES } from '../../common/roles.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const modules = join(root, 'backend/src/modules');

/** The role catalogue (every role, or every staff role) names no role in particular, so it decides nothing. */
const CATALOGUE = new Set(['ROLES', 'STAFF_ROLES', 'CLIENT_ROLES']);
const ROLE_NAMES = new Set<string>(STAFF_ROLES);
const QUOTED_ROLE = new RegExp(`'(${STAFF_ROLES.join('|')})'`);

const isDemo = (path: string) => /(^|\/)(seed|demo)[^/]*\.ts$/.test(path);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !isDemo(path) ? [path] : [];
  });
}

/** Each role a file's code names: a literal that is one, SQL quoting one, or a constant named as one or as a role list. */
function rolesNamedIn(text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      if (ROLE_NAMES.has(node.text)) found.push(`'${node.text}'`);
      else if (QUOTED_ROLE.test(node.text)) found.push(node.text.match(QUOTED_ROLE)![0]);
    } else if (ts.isIdentifier(node) && (ROLE_NAMES.has(node.text) || (/^[A-Z_]*_ROLES$/.test(node.text) && !CATALOGUE.has(node.text)))) {
      found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('module.ts', text, ts.ScriptTarget.Latest, true));
  return found;
}

describe('role rules live in common/access.ts', () => {
  it('finds a role named as a literal, in SQL, or as a role constant, and not in a comment or a message', () => {
    expect(rolesNamedIn("if (user.role === 'ADMIN') return;")).toEqual(["'ADMIN'"]);
    expect(rolesNamedIn('db.query("SELECT id FROM users WHERE role IN (\'ADMIN\', \'REVIEWER\')")')).toEqual(["'ADMIN'"]);
    expect(rolesNamedIn("const x = `SELECT 1 WHERE role = 'BOOKKEEPER' AND id = ${id}`;")).toEqual(["'BOOKKEEPER'"]);
    expect(rolesNamedIn('const CRM_ROLES = [ADMIN];')).toEqual(['CRM_ROLES', 'ADMIN']);
    expect(rolesNamedIn("/** Only an ADMIN decides. */\n// REVIEWER too\nthrow forbidden('Only an ADMIN or a REVIEWER approves.');")).toEqual([]);
    expect(rolesNamedIn("import { STAFF_ROLES } from './roles.ts'; const mine = BOOKKEEPER_MINE;")).toEqual([]);
  });

  it('no module outside demo data names a staff role', () => {
    const named = sourceFiles(modules).flatMap((path) => rolesNamedIn(readFileSync(path, 'utf8')).map((role) => `${relative(root, path)}: ${role}`));
    expect(named).toEqual([]);
  });
});

describe('capabilities', () => {
  it('are the roles of their page, or some of them', () => {
    for (const [name, roles] of Object.entries(CAPABILITIES)) {
      expect(roles.length, name).toBeGreaterThan(0);
      expect(roles.every((role) => STAFF_ROLES.includes(role)), name).toBe(true);
    }
    expect(rolesThat('be-assigned-tasks')).toEqual(routeByKey('tasks').permission);
    expect(rolesThat('hear-of-enquiries')).toEqual(routeByKey('contactus').permission);
  });

  it('answer for a role, and a client role or none has none', () => {
    expect(may('ADMIN', 'decide-any-task')).toBe(true);
    expect(may('BOOKKEEPER', 'decide-any-task')).toBe(false);
    expect(may('BOOKKEEPER', 'see-own-clients-only')).toBe(true);
    expect(may('BD_EXEC', 'see-own-clients-only')).toBe(false);
    expect(may('CLIENT', 'be-assigned-tasks')).toBe(false);
    expect(may(null, 'be-assigned-tasks')).toBe(false);
  });

  it('keep the role rules the modules had', () => {
    expect(Object.fromEntries(Object.entries(CAPABILITIES).map(([name, roles]) => [name, [...roles].sort()]))).toEqual({
      'be-assigned-tasks': ['ADMIN', 'BOOKKEEPER', 'REVIEWER'],
      'decide-any-task': ['ADMIN'],
      'own-leads': ['ADMIN', 'BD_MANAGER', 'MARKETING'],
      'see-lead-follow-ups-on-home': ['BD_MANAGER', 'MARKETING'],
      'be-assigned-enquiries': ['ADMIN', 'BD_EXEC', 'BD_MANAGER', 'MARKETING'],
      'hear-of-enquiries': ['ADMIN', 'BD_EXEC', 'BD_MANAGER', 'MARKETING'],
      'see-new-enquiries-on-home': ['BD_EXEC', 'BD_MANAGER', 'MARKETING'],
      'be-assigned-registrations': ['ADMIN', 'BD_MANAGER'],
      'decide-aml-matches': ['ADMIN', 'BD_MANAGER'],
      'hear-of-freezes': ['ADMIN'],
      'be-compliance-officer': ['ADMIN'],
      'approve-freeze-lifts': ['ADMIN', 'REVIEWER'],
      'approve-held-list-versions': ['ADMIN'],
      'withdraw-paid-registrations': ['ADMIN', 'BD_MANAGER'],
      'discount-beyond-limit': ['ADMIN'],
      'see-own-clients-only': ['BOOKKEEPER'],
      'oversee-every-client': ['ADMIN'],
      'work-on-clients': ['ADMIN', 'BOOKKEEPER'],
      'reassign-clients': ['ADMIN'],
      'decide-reports': ['ADMIN', 'REVIEWER'],
      'keep-client-books': ['BOOKKEEPER'],
      'review-client-books': ['REVIEWER'],
      'work-on-invoices': ['ADMIN', 'BOOKKEEPER'],
      'mark-invoices-synced': ['ADMIN'],
      'manage-canned-replies': ['ADMIN'],
      'administer-users': ['ADMIN'],
      'hear-of-job-applications': ['HR_MANAGER'],
      'approve-timesheets': ['ADMIN'],
      'see-everyones-time': ['ADMIN'],
      'reassign-tasks-from-capacity': ['ADMIN', 'BD_MANAGER', 'HR_MANAGER'],
      'edit-staff-capacity': ['ADMIN'],
      'set-plan-hours': ['ADMIN'],
      'see-firm-numbers': ['ADMIN'],
      'keep-cost-rates': ['ADMIN'],
    });
  });
});
