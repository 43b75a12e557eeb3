/** The Practice page's calls (practiceEndpoints of common/contract/practice.ts) and cache keys; every key starts with 'practice', which every write changes. */
import type { practiceEndpoints, ProfitabilityQuery, SetCostRateBody } from '../../../../common/contract/practice.ts';
import { practiceRoutes, profitabilityFileName } from '../../../../common/contract/practice-paths.ts';
import { call } from '../../lib/call.ts';
import { clientEndpoints } from '../../lib/endpoints.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useQuery } from '../../lib/use-query.ts';

export const practice = clientEndpoints<typeof practiceEndpoints>('practice', practiceRoutes);

export const practiceKeys = {
  all: ['practice'] as const,
  rates: ['practice', 'rates'] as const,
  profitability: (query: ProfitabilityQuery) => ['practice', 'profitability', query] as const,
  dashboard: (month: string) => ['practice', 'dashboard', month] as const,
};

export const useCostRates = () => useQuery(practiceKeys.rates, (signal) => call(practice.costRates, { signal }));
export const setCostRate = (userId: number, body: SetCostRateBody, headers: Record<string, string>) => call(practice.setCostRate, { params: { userId }, body, headers });
export const useProfitability = (query: ProfitabilityQuery) => useQuery(practiceKeys.profitability(query), (signal) => call(practice.profitability, { query, signal }), { keepPrevious: true });
export const useDashboard = (month: string) => useQuery(practiceKeys.dashboard(month), (signal) => call(practice.dashboard, { query: { month }, signal }), { keepPrevious: true });

export async function downloadProfitabilityCsv(query: ProfitabilityQuery): Promise<void> {
  saveFile(await call(practice.profitabilityExport, { query, responseType: 'blob' }), profitabilityFileName(query.from, query.to, query.group));
}
