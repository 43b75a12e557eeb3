/**
 * How many registrations wait on each onboarding page the user may open, for the navigation's badges: one
 * call, read again when the user comes back to the tab. A failure leaves the badges out (no toast: they
 * are a hint, and the page itself reports its own failures).
 */
import { useEffect } from 'react';
import type { RegistrationCounts } from '../../../common/contract/registrations.ts';
import { registrationPaths } from '../../../common/contract/registrations-paths.ts';
import { api } from './api.ts';
import { useQuery } from './use-query.ts';

export function useOnboardingCounts(enabled: boolean): RegistrationCounts['counts'] {
  const { data, refetch } = useQuery(
    'onboarding-counts',
    (signal) => api<RegistrationCounts>(registrationPaths.counts, { signal }),
    { enabled, notify: false },
  );
  useEffect(() => {
    if (!enabled) return;
    const onReturn = () => {
      if (document.visibilityState === 'visible') refetch();
    };
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, [enabled, refetch]);
  return data?.counts ?? {};
}
