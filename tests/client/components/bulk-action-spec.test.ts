/**
 * A list's bulk action in the console is typed by its contract entry (a type-only import of the schema), so
 * the confirmation cannot offer a parameter the server's schema refuses: the @ts-expect-error lines are the
 * test (`npx tsc` fails when one of them stops being an error), the assertions what the bar is handed.
 */
import { describe, expect, it } from 'vitest';
import type { crmBulkActions } from '../../../common/contract/crm.ts';
import { crmBulkLabels } from '../../../common/contract/crm-paths.ts';
import type { tasksBulkActions } from '../../../common/contract/tasks.ts';
import { tasksBulkLabels } from '../../../common/contract/tasks-paths.ts';
import { bulkSpec } from '../../../client/src/components/bulk-action-spec.ts';

describe('a bulk action as the console offers it', () => {
  it('takes the contract’s key and parameters, and refuses others at compile time', () => {
    const status = bulkSpec<typeof tasksBulkActions.status>({
      action: 'status',
      label: tasksBulkLabels.status,
      verb: 'moved',
      initialParams: { status: null },
      ready: (params) => params.status !== null,
    });
    expect(status.ready?.({ status: 'done' })).toBe(true);

    // @ts-expect-error: in_review is not a status a bulk change may set (BULK_TASK_STATUSES)
    bulkSpec<typeof tasksBulkActions.status>({ action: 'status', label: tasksBulkLabels.status, verb: 'moved', initialParams: { status: 'in_review' } });
    // @ts-expect-error: the assign action's key is 'assign'
    bulkSpec<typeof tasksBulkActions.assign>({ action: 'assignee', label: tasksBulkLabels.assign, verb: 'assigned', initialParams: { assignee_id: null } });
    // @ts-expect-error: an assignee is an id, not a name
    bulkSpec<typeof tasksBulkActions.assign>({ action: 'assign', label: tasksBulkLabels.assign, verb: 'assigned', initialParams: { assignee_id: 'Rohan' } });
    // @ts-expect-error: won is reached only by inviting the lead, never by a bulk move
    bulkSpec<typeof crmBulkActions.stage>({ action: 'stage', label: crmBulkLabels.stage, verb: 'moved', initialParams: { stage: 'won', reason: null } });
  });
});
