/** The sanctions lists' calls (amlEndpoints of common/contract/aml.ts) and cache keys; every key starts with 'aml-lists'. */
import type { amlEndpoints, ImportListBody, ListEntriesQuery, SanctionsList } from '../../../../common/contract/aml.ts';
import { amlRoutes } from '../../../../common/contract/aml-paths.ts';
import { clientEndpoints } from '../../../../common/contract/endpoint.ts';
import { call } from '../../lib/call.ts';
import { useQuery } from '../../lib/use-query.ts';

const aml = clientEndpoints<typeof amlEndpoints>(amlRoutes);

export const listKeys = {
  all: ['aml-lists'] as const,
  versions: ['aml-lists', 'versions'] as const,
  diff: (list: SanctionsList, versionId: number) => ['aml-lists', 'diff', list, versionId] as const,
  entries: (list: SanctionsList, query: ListEntriesQuery) => ['aml-lists', 'entries', list, query] as const,
};

export const useVersions = () => useQuery(listKeys.versions, (signal) => call(aml.lists, { signal }));
export const useVersionDiff = (list: SanctionsList, versionId: number) =>
  useQuery(listKeys.diff(list, versionId), (signal) => call(aml.listVersion, { params: { list, versionId }, signal }), { enabled: versionId > 0 });
export const useEntries = (list: SanctionsList, query: ListEntriesQuery) =>
  useQuery(listKeys.entries(list, query), (signal) => call(aml.listEntries, { params: { list }, query, signal }), { keepPrevious: true });

export const importList = (list: SanctionsList, body: ImportListBody, headers: Record<string, string>) => call(aml.importList, { params: { list }, body, headers });
export const approveVersion = (list: SanctionsList, versionId: number, version: number, headers: Record<string, string>) =>
  call(aml.approveListVersion, { params: { list, versionId }, body: { version }, headers });
export const rejectVersion = (list: SanctionsList, versionId: number, body: { version: number; reason: string }, headers: Record<string, string>) =>
  call(aml.rejectListVersion, { params: { list, versionId }, body, headers });
