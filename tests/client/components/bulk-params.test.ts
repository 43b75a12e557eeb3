/**
 * What the desk lists send for 'all N matching' and store as a saved view: the list call's own
 * query without its page, as text; and a view's query without the parameter that opens one record.
 */
import { describe, expect, it } from 'vitest';
import { bulkFilter } from '../../../client/src/components/bulk-params.tsx';
import { viewQuery } from '../../../client/src/lib/use-saved-views.ts';

describe('bulk filter of a list query', () => {
  it('keeps the filters as text and drops the page and empty values', () => {
    expect(bulkFilter({ assignee: 'all', status: 'to_do', client: 12, vat_registered: false, search: undefined, page: 3, page_size: 20 })).toEqual({
      assignee: 'all',
      status: 'to_do',
      client: '12',
      vat_registered: 'false',
    });
    expect(bulkFilter({ page: 1 })).toEqual({});
  });
});

describe('saved view query', () => {
  it('leaves out the page and the record the list has open, in a stable order', () => {
    expect(viewQuery('task=41&status=to_do&page=2&assignee=all', ['task'])).toBe('assignee=all&status=to_do');
    expect(viewQuery('status=to_do&task=41')).toBe('status=to_do&task=41');
  });
});
