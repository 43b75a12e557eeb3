/** The list view in the query string: round trip, defaults for bad values, and the history and page-reset rules. */
import { describe, expect, it } from 'vitest';
import { changeView, choiceField, defaultView, integerField, multiChoiceField, parseListView, serialiseListView, textField } from '../../../client/src/lib/url-list-state.ts';

const schema = {
  search: textField({ lowerCase: true }),
  page: integerField(1),
  stage: choiceField(['all', 'signed_up', 'profile_verified'] as const, 'all'),
  sort: choiceField(['-requested_on', 'requested_on'] as const, '-requested_on'),
};

describe('list view in the URL', () => {
  it('round-trips a view through the query string', () => {
    const view = { search: 'acme & sons', page: 3, stage: 'profile_verified' as const, sort: 'requested_on' as const };
    const query = serialiseListView(schema, view);
    expect(query).toBe('search=acme+%26+sons&page=3&stage=profile_verified&sort=requested_on');
    expect(parseListView(schema, `?${query}`)).toEqual(view);
  });

  it('leaves defaults out, so the default view is the bare path', () => {
    expect(serialiseListView(schema, defaultView(schema))).toBe('');
    expect(parseListView(schema, '')).toEqual({ search: '', page: 1, stage: 'all', sort: '-requested_on' });
  });

  it('reads bad values as defaults and ignores unknown parameters', () => {
    expect(parseListView(schema, 'page=0&stage=activated&sort=name&utm=x')).toEqual(defaultView(schema));
    expect(parseListView(schema, 'page=-2').page).toBe(1);
    expect(parseListView(schema, 'page=2.5').page).toBe(1);
    expect(parseListView(schema, 'page=abc').page).toBe(1);
    expect(parseListView(schema, 'page=99999999999999999999').page).toBe(1);
    expect(parseListView(schema, 'search=%20%20').search).toBe('');
  });

  it('keeps search text in lower case', () => {
    expect(parseListView(schema, 'search=ACME').search).toBe('acme');
    expect(serialiseListView(schema, { ...defaultView(schema), search: 'Acme' })).toBe('search=acme');
  });

  it('replaces the history entry for search and resets the page; page, filter and sort changes push', () => {
    const onPage3 = { ...defaultView(schema), page: 3 };
    expect(changeView(onPage3, { search: 'acme' })).toEqual({ view: { ...onPage3, search: 'acme', page: 1 }, replace: true });
    expect(changeView(onPage3, { stage: 'signed_up' })).toEqual({ view: { ...onPage3, stage: 'signed_up', page: 1 }, replace: false });
    expect(changeView(onPage3, { sort: 'requested_on' })).toEqual({ view: { ...onPage3, sort: 'requested_on', page: 1 }, replace: false });
    expect(changeView(onPage3, { page: 4 })).toEqual({ view: { ...onPage3, page: 4 }, replace: false });
  });
});

describe('a multi-choice filter in the URL', () => {
  const roles = { page: integerField(1), roles: multiChoiceField(['ADMIN', 'BOOKKEEPER', 'REVIEWER'] as const) };

  it('reads several values in the set’s order, drops unknown ones, and leaves none out of the URL', () => {
    expect(parseListView(roles, '?roles=REVIEWER,KING,ADMIN').roles).toEqual(['ADMIN', 'REVIEWER']);
    expect(parseListView(roles, '?roles=KING').roles).toEqual([]);
    expect(serialiseListView(roles, { page: 1, roles: ['REVIEWER', 'ADMIN'] })).toBe('roles=ADMIN%2CREVIEWER');
    expect(serialiseListView(roles, { page: 1, roles: [] })).toBe('');
  });

  it('starts again at page 1 when the choice changes', () => {
    expect(changeView({ page: 3, roles: ['ADMIN'] }, { roles: ['ADMIN', 'BOOKKEEPER'] }).view).toEqual({ page: 1, roles: ['ADMIN', 'BOOKKEEPER'] });
  });
});
