import { companyColumn, dateColumn, regIdColumn, statusColumn } from '../components/columns.tsx';
import { OnboardingList, onboardingSchema } from '../components/onboarding-list.tsx';
import { detailHref } from '../model.ts';
import { AssignParams } from '../components/bulk-assign.tsx';
import type { BulkActionSpec } from '../../../components/bulk-bar.tsx';
import { bulkSpec } from '../../../components/bulk-action-spec.ts';
import type { dueDiligenceBulkActions } from '../../../../../common/contract/registrations.ts';
import { dueDiligenceBulkLabels, REGISTRATION_ASSIGNEE_FILTERS } from '../../../../../common/contract/registrations-paths.ts';
import { registrationFields } from '../../../../../common/contract/registrations-fields.ts';
import { FilterSelect } from '../../../components/select.tsx';
import { choiceField } from '../../../lib/url-list-state.ts';

/** Longest-waiting request first: the order staff work the queue in. */
const schema = { ...onboardingSchema('requested_on'), assignee: choiceField(['all', ...REGISTRATION_ASSIGNEE_FILTERS], 'all') };
const columns = [regIdColumn, companyColumn, dateColumn('requested_on', 'Requested On'), dateColumn('recieved_on', 'Recieved On'), statusColumn];

/** Assign (or unassign) the selected registrations, or all matching ones, as one job. */
const bulk: readonly BulkActionSpec[] = [
  bulkSpec<typeof dueDiligenceBulkActions.assign>({
    action: 'assign',
    label: dueDiligenceBulkLabels.assign,
    verb: 'assigned',
    initialParams: { assignee_id: null },
    renderParams: (params, setParams) => <AssignParams value={params.assignee_id} onChange={(assignee_id) => setParams({ assignee_id })} />,
  }),
];

/** Spec section 2: registrations at documents_submitted, active, waiting for due diligence. */
export function DueDiligencePage() {
  return (
    <OnboardingList
      queue="due-diligence"
      schema={schema}
      scope={(view) => ({ stage: 'documents_submitted', status: 'active', ...(view.assignee === 'all' ? {} : { assignee: view.assignee }) })}
      label="Due Diligence"
      columns={columns}
      rowHref={detailHref}
      searchPlaceholder="Search by Company"
      bulk={bulk}
      filters={(view, update) => (
        <FilterSelect field={registrationFields.assignee} value={view.assignee} onChange={(value) => update({ assignee: value as typeof view.assignee })}>
          <option value="all">Anyone</option>
          <option value="mine">Me</option>
          <option value="none">Nobody</option>
        </FilterSelect>
      )}
    />
  );
}
