/** The goAML register's calls (amlEndpoints of common/contract/aml.ts), keyed by keyOf under 'aml', which its write changes. */
import type { amlEndpoints, RegisterQuery, UpdateRegisterEntryBody } from '../../../../common/contract/aml.ts';
import { amlChanges, amlRoutes } from '../../../../common/contract/aml-paths.ts';
import { call } from '../../lib/call.ts';
import { clientEndpoints, useEndpoint } from '../../lib/endpoints.ts';
import { unlessNotFound } from '../../lib/errors.ts';

export const aml = clientEndpoints<typeof amlEndpoints>('aml', amlRoutes, amlChanges);

// A 404 is the page's own answer for a non-officer ('not found'), not a failure to toast.
export const useRegister = (query: RegisterQuery) => useEndpoint(aml.registerEntries, { query }, { keepPrevious: true, notify: unlessNotFound });
export const updateEntry = (id: number, body: UpdateRegisterEntryBody, headers: Record<string, string>) => call(aml.updateRegisterEntry, { params: { entryId: id }, body, headers });
