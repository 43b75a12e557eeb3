/** The goAML register's calls (amlEndpoints of common/contract/aml.ts) and cache keys; every key starts with 'aml-register'. */
import type { amlEndpoints, RegisterQuery, UpdateRegisterEntryBody } from '../../../../common/contract/aml.ts';
import { amlRoutes } from '../../../../common/contract/aml-paths.ts';
import { clientEndpoints } from '../../../../common/contract/endpoint.ts';
import { call } from '../../lib/call.ts';
import { unlessNotFound } from '../../lib/errors.ts';
import { useQuery } from '../../lib/use-query.ts';

const aml = clientEndpoints<typeof amlEndpoints>(amlRoutes);

export const registerKeys = {
  all: ['aml-register'] as const,
  list: (query: RegisterQuery) => ['aml-register', 'list', query] as const,
};

// A 404 is the page's own answer for a non-officer ('not found'), not a failure to toast.
export const useRegister = (query: RegisterQuery) => useQuery(registerKeys.list(query), (signal) => call(aml.registerEntries, { query, signal }), { keepPrevious: true, notify: unlessNotFound });
export const updateEntry = (id: number, body: UpdateRegisterEntryBody, headers: Record<string, string>) => call(aml.updateRegisterEntry, { params: { entryId: id }, body, headers });
