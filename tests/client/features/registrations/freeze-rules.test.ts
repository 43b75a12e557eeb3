/**
 * How the console words the AML freeze: the registration's timeline tells the freeze, the lift asked for and
 * the lift; a frozen client's unsynced invoice says it is held instead of a next try that will not happen.
 */
import { describe, expect, it } from 'vitest';
import type { TimelineEvent } from '../../../../common/contract/registrations.ts';
import { EVENT_KIND_LABELS, eventSummary } from '../../../../client/src/features/registrations/model.ts';
import { HELD_TEXT, stateText } from '../../../../client/src/features/unsynced-inv/model.ts';

const event = (kind: 'frozen' | 'freeze_lift_requested' | 'freeze_lifted', data: Record<string, unknown>) =>
  ({ id: 1, kind, actor: null, created_at: '2026-12-01T08:00:00.000Z', data }) as TimelineEvent;

describe('the freeze on the registration timeline', () => {
  it('tells the freeze with its match, the lift asked for and the lift with who asked', () => {
    expect(EVENT_KIND_LABELS.frozen).toBe('Frozen');
    expect(eventSummary(event('frozen', { reason: 'Confirmed match on the UN list (KPi.950, IVAN PETROVICH MOROZOV)' }))).toBe('Frozen: Confirmed match on the UN list (KPi.950, IVAN PETROVICH MOROZOV)');
    expect(eventSummary(event('freeze_lift_requested', { reason: 'Delisted by the committee.' }))).toBe('Lifting the freeze asked for: Delisted by the committee.');
    expect(eventSummary(event('freeze_lifted', { reason: 'Delisted by the committee.', requested_by: { id: 1, display_name: 'Aisha Rahman', email: 'admin@example.com' } }))).toBe(
      'Freeze lifted (asked for by Aisha Rahman): Delisted by the committee.',
    );
  });
});

describe("a frozen client's invoice", () => {
  it('is held, not retrying with a next try in the past', () => {
    expect(stateText('retrying', '2026-11-01T00:15:00.000Z', true)).toBe(HELD_TEXT);
    expect(stateText('needs_attention', null, true)).toBe('Held: the client is frozen');
    expect(stateText('retrying', '2026-11-01T00:15:00.000Z', false)).toMatch(/^Retrying, next try /);
    expect(stateText('synced', null, true)).toBe('Synced');
  });
});
