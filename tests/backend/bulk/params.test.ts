/**
 * Bulk actions' params are their contract's schemas (common/contract/bulk.ts): the back end runs exactly the
 * actions the contracts declare, with the contract's label and schema, and the shared bulk route refuses a
 * job whose params the action's schema does not take, before any row is touched, with a 400 naming
 * `params.<field>` by the label the confirmation gives it. Checked without HTTP (tests/backend/speed-*.test.ts
 * send the same refusals through the route).
 */
import { describe, expect, it } from 'vitest';
import { ALL_BULK_ACTIONS } from '../../../common/contract/tables.ts';
import { crmBulkActions } from '../../../common/contract/crm.ts';
import { enquiriesBulkActions } from '../../../common/contract/enquiries.ts';
import { faqsBulkActions } from '../../../common/contract/faqs.ts';
import { tasksBulkActions } from '../../../common/contract/tasks.ts';
import { usersBulkActions } from '../../../common/contract/users.ts';
import { unsyncedInvBulkActions } from '../../../common/contract/invoices.ts';
import { NewBulkJob } from '../../../common/contract/work.ts';
import { MAX_BULK_PARAM_TEXT } from '../../../common/contract/work-paths.ts';
import { Value } from 'typebox/value';
import type { BulkActionDef } from '../../../common/contract/bulk.ts';
import { HttpError } from '../../../backend/src/lib/http-error.ts';
import { bulkActions, checkBulkParams } from '../../../backend/src/modules/bulk/store.ts';
import { MODULES } from '../../../backend/src/modules/index.ts';

const key = (action: { list: string; action: string }) => `${action.list}.${action.action}`;
const registered = bulkActions(MODULES);

/** The refusal of params by the action's schema: [status, field, sentence], or null when they are taken. */
function refusal(def: BulkActionDef, params: NewBulkJob['params']): [number, string | undefined, string] | null {
  try {
    checkBulkParams(def.params, params);
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return [error.statusCode, error.field, error.message];
  }
}

describe('the bulk actions and their contracts', () => {
  it('runs every action a contract declares, with its label and params schema', () => {
    for (const def of ALL_BULK_ACTIONS) {
      const action = registered.find((each) => key(each) === key(def));
      expect(action, key(def)).toBeDefined();
      expect(action?.label, key(def)).toBe(def.label);
      expect(action?.params, key(def)).toBe(def.params);
    }
  });

  it('runs no action the contracts do not declare, each with its contract entry itself', () => {
    const declared = new Map(ALL_BULK_ACTIONS.map((def) => [key(def), def]));
    expect(registered.filter((action) => !declared.has(key(action))).map(key)).toEqual([]);
    expect(registered.filter((action) => action.params !== declared.get(key(action))?.params).map(key)).toEqual([]);
  });
});

describe('a job’s params checked against its action’s schema', () => {
  it('takes what the confirmation sends', () => {
    expect(refusal(tasksBulkActions.assign, { assignee_id: null })).toBeNull();
    expect(refusal(tasksBulkActions.assign, { assignee_id: 12 })).toBeNull();
    expect(refusal(tasksBulkActions.status, { status: 'done' })).toBeNull();
    expect(refusal(crmBulkActions.stage, { stage: 'contacted', reason: null })).toBeNull();
    expect(refusal(crmBulkActions.stage, { stage: 'lost', reason: 'Went with another firm' })).toBeNull();
    expect(refusal(enquiriesBulkActions.status, { status: 'closed', reason: 'Duplicate' })).toBeNull();
    expect(refusal(faqsBulkActions.publish, {})).toBeNull();
    expect(refusal(usersBulkActions.role, { role: 'REVIEWER' })).toBeNull();
    expect(refusal(usersBulkActions.deactivate, {})).toBeNull();
    expect(refusal(unsyncedInvBulkActions.retry, {})).toBeNull();
  });

  it('refuses a wrong type, a value off the list or a missing choice with a 400 naming the field by its label', () => {
    expect(refusal(tasksBulkActions.assign, { assignee_id: 'Rohan' })).toEqual([400, 'params.assignee_id', 'Assign to must be a whole number or empty.']);
    expect(refusal(tasksBulkActions.status, { status: 'in_review' })).toEqual([400, 'params.status', 'Move to must be one of: to_do, in_progress, waiting_on_client, done.']);
    expect(refusal(tasksBulkActions.status, {})).toEqual([400, 'params.status', 'Move to is required.']);
    expect(refusal(crmBulkActions.stage, { stage: 'won' })?.slice(0, 2)).toEqual([400, 'params.stage']);
    // A client-side role is not one a staff member can be given.
    expect(refusal(usersBulkActions.role, { role: 'CLIENT' })?.slice(0, 2)).toEqual([400, 'params.role']);
    expect(refusal(usersBulkActions.role, {})).toEqual([400, 'params.role', 'New role is required.']);
  });

  it('needs a reason exactly when the choice needs one (lost leads, closed enquiries)', () => {
    expect(refusal(crmBulkActions.stage, { stage: 'lost' })).toEqual([400, 'params.reason', 'Why they were lost is required.']);
    expect(refusal(crmBulkActions.stage, { stage: 'lost', reason: '   ' })).toEqual([400, 'params.reason', 'Why they were lost must not be blank.']);
    expect(refusal(crmBulkActions.stage, { stage: 'lost', reason: null })?.slice(0, 2)).toEqual([400, 'params.reason']);
    expect(refusal(enquiriesBulkActions.status, { status: 'closed', reason: '' })?.slice(0, 2)).toEqual([400, 'params.reason']);
    expect(refusal(crmBulkActions.stage, { stage: 'lost', reason: 'x'.repeat(501) })).toEqual([400, 'params.reason', 'Why they were lost must be at most 500 characters.']);
  });

  it('refuses a parameter the action does not take', () => {
    for (const def of ALL_BULK_ACTIONS) {
      const [status, field] = refusal(def, { unexpected: 1 }) ?? [];
      expect(status, key(def)).toBe(400);
      expect(field, key(def)).toMatch(/^params\./);
    }
    expect(refusal(faqsBulkActions.unpublish, { status: 'draft' })).toEqual([400, 'params.status', 'The field status is not one this request takes.']);
  });

  it("lets every action's longest text through the job's envelope, so the action's own limit is the one that speaks", () => {
    const longest = (schema: unknown): number =>
      typeof schema !== 'object' || schema === null
        ? 0
        : Math.max(typeof (schema as { maxLength?: unknown }).maxLength === 'number' ? (schema as { maxLength: number }).maxLength : 0, ...Object.values(schema).map(longest));
    for (const def of ALL_BULK_ACTIONS) expect(longest(def.params), key(def)).toBeLessThanOrEqual(MAX_BULK_PARAM_TEXT);
    const reason = 'x'.repeat(longest(crmBulkActions.stage.params));
    expect(reason.length).toBeGreaterThan(200);
    expect(Value.Check(NewBulkJob, { list: 'crm', action: 'stage', ids: [1], params: { stage: 'lost', reason } })).toBe(true);
  });
});
