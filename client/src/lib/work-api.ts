/**
 * Work at speed: the calls of Home's blocks, next unassigned, search everywhere, saved views and
 * bulk jobs, and their cache keys. They sit in lib/ because the shell (search, keyboard) and every list
 * (saved views, bulk actions, through the list controller) use them, not one feature. Bulk jobs are read
 * through useEndpoint(bulk.<name>), keyed under 'bulk'.
 */
import { clientEndpoints } from '../../../common/contract/endpoint.ts';
import type { NewBulkJob, NewView, ViewPatch, workEndpoints } from '../../../common/contract/work.ts';
import { workRoutes } from '../../../common/contract/work-paths.ts';
import { call } from './call.ts';
import { clientEndpoints as areaEndpoints } from './endpoints.ts';

const work = clientEndpoints<typeof workEndpoints>(workRoutes);

export const workKeys = {
  /** Home's blocks: the notification stream invalidates this on every message, so Home follows live. */
  myWork: ['work', 'me'] as const,
  views: (list: string) => ['views', list] as const,
};

type BulkEndpoints = Pick<typeof workEndpoints, 'bulkActions' | 'bulkJobs' | 'startBulkJob' | 'bulkJob'>;
/** The bulk half of the work table, its own area in the cache: a job's rows are nobody's list. */
export const bulk = areaEndpoints<BulkEndpoints>('bulk', {
  bulkActions: workRoutes.bulkActions,
  bulkJobs: workRoutes.bulkJobs,
  startBulkJob: workRoutes.startBulkJob,
  bulkJob: workRoutes.bulkJob,
});

export const fetchMyWork = (signal: AbortSignal) => call(work.myWork, { signal });

export const takeNext = (queue: string, headers: Record<string, string>) => call(work.next, { body: { queue }, headers });

export const searchEverywhere = (q: string, signal: AbortSignal) => call(work.search, { query: { q }, signal });

export const fetchViews = (list: string, signal: AbortSignal) => call(work.views, { query: { list }, signal });
export const createView = (body: NewView, headers: Record<string, string>) => call(work.createView, { body, headers });
export const updateView = (viewId: number, body: ViewPatch, headers: Record<string, string>) => call(work.updateView, { params: { viewId }, body, headers });
export const deleteView = (viewId: number, version: number, headers: Record<string, string>) => call(work.deleteView, { params: { viewId }, body: { version }, headers });

export const startBulkJob = (body: NewBulkJob, headers: Record<string, string>) => call(bulk.startBulkJob, { body, headers });
