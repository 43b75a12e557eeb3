/** The Sanctions lists page's rules: which version is current, and who is offered a pending version's decision. */
import { describe, expect, it } from 'vitest';
import type { ListVersion } from '../../../../common/contract/aml.ts';
import { currentVersion, diffSummary, mayDecide } from '../../../../client/src/features/sanctions-lists/model.ts';

const person = (email: string) => ({ id: 1, display_name: null, email });
const version = (id: number, extra: Partial<ListVersion> = {}): ListVersion => ({
  id, version: 1, list: 'un', state: 'applied', published_on: '2026-11-01', file_name: null, entry_count: 7, added: [], changed: [], removed: [],
  imported_by: person('admin@example.com'), imported_at: `2026-11-0${id}T08:00:00.000Z`, decided_by: null, decided_at: null, decision_reason: null, ...extra,
});

describe('sanctions lists model', () => {
  it('takes the applied version that took effect last as current: an approval counts from when it was approved', () => {
    expect(currentVersion([version(3, { state: 'pending' }), version(2), version(1)])?.id).toBe(2);
    expect(currentVersion([version(3), version(2, { decided_at: '2026-11-05T08:00:00.000Z' }), version(1)])?.id).toBe(2);
    expect(currentVersion([version(1, { state: 'rejected' })])).toBeNull();
  });

  it('offers a pending version to anyone but its importer', () => {
    expect(mayDecide(version(1, { state: 'pending' }), 'compliance@example.com')).toBe(true);
    expect(mayDecide(version(1, { state: 'pending' }), 'admin@example.com')).toBe(false);
    expect(mayDecide(version(1), 'compliance@example.com')).toBe(false);
    expect(mayDecide(version(1, { state: 'pending' }), null)).toBe(false);
  });

  it('sums a version up', () => {
    expect(diffSummary({ added: ['a'], changed: [], removed: ['b', 'c'] })).toBe('+1 added · 0 changed · −2 removed');
  });
});
