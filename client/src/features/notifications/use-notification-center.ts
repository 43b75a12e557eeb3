import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { startNotificationCenter } from './notification-center.ts';
import { registerDevice } from '../../lib/push.ts';

/** For the signed-in shell: the live notification stream while it is mounted, and the push token's upkeep. */
export function useNotificationCenter(): void {
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    // Only refreshes an existing permission's token (older than 7 days); asking is left to a user action.
    void registerDevice();
    return startNotificationCenter((path) => navigateRef.current(path));
  }, []);
}
