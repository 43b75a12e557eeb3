/** The sanctions lists' calls (amlEndpoints of common/contract/aml.ts), keyed by keyOf under 'aml', which each of its writes changes. */
import type { amlEndpoints, ImportListBody, ListEntriesQuery, SanctionsList } from '../../../../common/contract/aml.ts';
import { amlChanges, amlRoutes } from '../../../../common/contract/aml-paths.ts';
import { call } from '../../lib/call.ts';
import { clientEndpoints, useEndpoint } from '../../lib/endpoints.ts';

export const aml = clientEndpoints<typeof amlEndpoints>('aml', amlRoutes, amlChanges);

export const useVersions = () => useEndpoint(aml.lists);
export const useVersionDiff = (list: SanctionsList, versionId: number) => useEndpoint(aml.listVersion, { params: { list, versionId } }, { enabled: versionId > 0 });
export const useEntries = (list: SanctionsList, query: ListEntriesQuery) => useEndpoint(aml.listEntries, { params: { list }, query }, { keepPrevious: true });

export const importList = (list: SanctionsList, body: ImportListBody, headers: Record<string, string>) => call(aml.importList, { params: { list }, body, headers });
export const approveVersion = (list: SanctionsList, versionId: number, version: number, headers: Record<string, string>) =>
  call(aml.approveListVersion, { params: { list, versionId }, body: { version }, headers });
export const rejectVersion = (list: SanctionsList, versionId: number, body: { version: number; reason: string }, headers: Record<string, string>) =>
  call(aml.rejectListVersion, { params: { list, versionId }, body, headers });
