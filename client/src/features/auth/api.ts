/** The second step's read: whether the signed-in user has a second factor yet (imported only by the lazily loaded second-factor page). */
import { clientEndpoints } from '../../../../common/contract/endpoint.ts';
import type { securityEndpoints } from '../../../../common/contract/security.ts';
import { securityRoutes } from '../../../../common/contract/security-paths.ts';
import { call } from '../../lib/call.ts';
import { useQuery } from '../../lib/use-query.ts';

export const security = clientEndpoints<typeof securityEndpoints>(securityRoutes);

export const useSecondFactorStatus = () => useQuery(['security', 'second-factor'], (signal) => call(security.secondFactor, { signal }));
