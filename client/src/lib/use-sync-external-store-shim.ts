/**
 * wouter imports the use-sync-external-store shim for React versions before 18; React 19 has the hook
 * built in, so the build points the shim here (scripts/build.ts) and the first download carries no copy.
 */
export { useSyncExternalStore } from 'react';
