/** The CRM's end stages, named once in common/crm.ts and read by the store's SQL, the jobs and the console. */
import { describe, expect, it } from 'vitest';
import { LEAD_STAGES } from '../../common/contract/crm-paths.ts';
import { CLOSED_LEAD_STAGES, CLOSED_LEAD_STAGES_SQL, isOpenLeadStage } from '../../common/crm.ts';

describe('lead stages', () => {
  it('are open except won and lost', () => {
    expect(LEAD_STAGES.filter(isOpenLeadStage)).toEqual(['new', 'contacted', 'call_booked', 'proposal_sent']);
    expect(CLOSED_LEAD_STAGES).toEqual(['won', 'lost']);
  });

  it('give SQL the closed stages as a literal list', () => {
    expect(CLOSED_LEAD_STAGES_SQL).toBe("('won', 'lost')");
  });
});
