/**
 * Work at speed (issue 22): the calls of Home's blocks, next unassigned, search everywhere, saved views and
 * bulk jobs, and their cache keys. They sit in lib/ because the shell (search, keyboard) and every list
 * (saved views, bulk actions, through the list controller) use them, not one feature.
 */
import type { BulkActions, BulkJob, BulkJobs, MyWork, NewBulkJob, NewView, NextResult, SavedView, SavedViews, SearchResult, ViewPatch } from '../../../common/contract/work.ts';
import { workPaths } from '../../../common/contract/work-paths.ts';
import { api } from './api.ts';

export const workKeys = {
  /** Home's blocks: the notification stream invalidates this on every message, so Home follows live. */
  myWork: ['work', 'me'] as const,
  views: (list: string) => ['views', list] as const,
  bulkActions: ['bulk', 'actions'] as const,
  bulkJob: (jobId: number) => ['bulk', 'job', jobId] as const,
  bulkJobs: (list: string) => ['bulk', 'jobs', list] as const,
};

export const fetchMyWork = (signal: AbortSignal) => api<MyWork>(workPaths.myWork, { signal });

export const takeNext = (queue: string, headers: Record<string, string>) => api<NextResult>(workPaths.next, { method: 'POST', body: { queue }, headers });

export const searchEverywhere = (q: string, signal: AbortSignal) => api<SearchResult>(workPaths.search, { query: { q }, signal });

export const fetchViews = (list: string, signal: AbortSignal) => api<SavedViews>(workPaths.views, { query: { list }, signal });
export const createView = (body: NewView, headers: Record<string, string>) => api<SavedView>(workPaths.views, { method: 'POST', body, headers });
export const updateView = (id: number, body: ViewPatch, headers: Record<string, string>) => api<SavedView>(workPaths.view(id), { method: 'PATCH', body, headers });
export const deleteView = (id: number, version: number, headers: Record<string, string>) => api<{ id: number }>(workPaths.view(id), { method: 'DELETE', body: { version }, headers });

export const fetchBulkActions = (signal: AbortSignal) => api<BulkActions>(workPaths.bulkActions, { signal });
export const fetchBulkJob = (jobId: number, signal: AbortSignal) => api<BulkJob>(workPaths.bulkJob(jobId), { signal });
export const fetchBulkJobs = (list: string, signal: AbortSignal) => api<BulkJobs>(workPaths.bulkJobs, { query: { list }, signal });
export const startBulkJob = (body: NewBulkJob, headers: Record<string, string>) => api<BulkJob>(workPaths.bulkJobs, { method: 'POST', body, headers });
