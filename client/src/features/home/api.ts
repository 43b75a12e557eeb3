/** Home's one read: the signed-in user's work (its key and call live in lib/work-api.ts, which the shell shares). */
import { fetchMyWork, workKeys } from '../../lib/work-api.ts';
import { useQuery } from '../../lib/use-query.ts';

export const useMyWork = () => useQuery(workKeys.myWork, fetchMyWork);
