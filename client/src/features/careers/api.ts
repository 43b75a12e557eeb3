/** Careers' calls (common/contract/careers.ts) and cache keys; every key starts with 'careers', which every write invalidates. */
import type { Application, ApplicationDetail, ApplicationQuery, ApplicationStatus, JobPost, JobQuery, NewJobBody, UpdateJobBody } from '../../../../common/contract/careers.ts';
import { careerPaths } from '../../../../common/contract/careers-paths.ts';
import type { Page } from '../../../../common/contract/shared.ts';
import { api } from '../../lib/api.ts';
import { refreshOnNotifications } from '../../lib/notification-events.ts';
import { useQuery } from '../../lib/use-query.ts';

export const careerKeys = {
  all: ['careers'] as const,
  jobs: (query: JobQuery) => ['careers', 'jobs', query] as const,
  job: (id: number) => ['careers', 'job', id] as const,
  applications: (jobId: number, query: ApplicationQuery) => ['careers', 'applications', jobId, query] as const,
  application: (id: number) => ['careers', 'application', id] as const,
};

// A new application reads the careers views again.
refreshOnNotifications(['application_received'], careerKeys.all);

type Headers = Record<string, string>;
const shownByPage = (error: unknown) => (error as { status?: number }).status !== 404;

export const fetchJobs = (query: JobQuery, signal: AbortSignal) => api<Page<JobPost>>(careerPaths.jobs, { query, signal });
export const useJob = (id: number, enabled = true) => useQuery(careerKeys.job(id), (signal) => api<JobPost>(careerPaths.job(id), { signal }), { enabled, notify: shownByPage });
export const fetchApplications = (jobId: number, query: ApplicationQuery, signal: AbortSignal) => api<Page<Application>>(careerPaths.applications(jobId), { query, signal });
export const useApplication = (id: number) => useQuery(careerKeys.application(id), (signal) => api<ApplicationDetail>(careerPaths.application(id), { signal }), { notify: shownByPage });
export const fetchCv = (id: number, signal: AbortSignal) => api<Blob>(careerPaths.cv(id), { responseType: 'blob', signal });

export const createJob = (body: NewJobBody, headers: Headers) => api<JobPost>(careerPaths.jobs, { method: 'POST', body, headers });
export const updateJob = (id: number, body: UpdateJobBody, headers: Headers) => api<JobPost>(careerPaths.job(id), { method: 'PUT', body, headers });
export const changeApplicationStatus = (id: number, body: { version: number; status: ApplicationStatus }, headers: Headers) =>
  api<Application>(careerPaths.applicationStatus(id), { method: 'POST', body, headers });
export const addApplicationNote = (id: number, text: string, headers: Headers) => api<ApplicationDetail>(careerPaths.applicationNotes(id), { method: 'POST', body: { text }, headers });
