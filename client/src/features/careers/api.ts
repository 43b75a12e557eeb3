/** Careers' calls (common/contract/careers.ts) and cache keys; every key starts with 'careers', which every write invalidates. */
import type { ApplicationQuery, ApplicationStatus, careersEndpoints, JobQuery, NewJobBody, UpdateJobBody } from '../../../../common/contract/careers.ts';
import { careersRoutes } from '../../../../common/contract/careers-paths.ts';
import { clientEndpoints } from '../../../../common/contract/endpoint.ts';
import { call } from '../../lib/call.ts';
import { refreshOnNotifications, refreshOnRecordChange } from '../../lib/notification-events.ts';
import { useQuery } from '../../lib/use-query.ts';

const careers = clientEndpoints<typeof careersEndpoints>(careersRoutes);

export const careerKeys = {
  all: ['careers'] as const,
  jobs: (query: JobQuery) => ['careers', 'jobs', query] as const,
  job: (id: number) => ['careers', 'job', id] as const,
  applications: (jobId: number, query: ApplicationQuery) => ['careers', 'applications', jobId, query] as const,
  application: (id: number) => ['careers', 'application', id] as const,
};

// An open job post or application follows a change someone else made to it.
refreshOnRecordChange('job_post', ({ id }) => [careerKeys.job(id), ['careers', 'jobs']]);
refreshOnRecordChange('job_application', ({ id }) => [careerKeys.application(id), ['careers', 'applications']]);

// A new application reads the careers views again.
refreshOnNotifications(['application_received'], careerKeys.all);

type Headers = Record<string, string>;
const shownByPage = (error: unknown) => (error as { status?: number }).status !== 404;

export const fetchJobs = (query: JobQuery, signal: AbortSignal) => call(careers.jobs, { query, signal });
export const useJob = (id: number, enabled = true) => useQuery(careerKeys.job(id), (signal) => call(careers.job, { params: { id }, signal }), { enabled, notify: shownByPage });
export const fetchApplications = (jobId: number, query: ApplicationQuery, signal: AbortSignal) => call(careers.applications, { params: { id: jobId }, query, signal });
export const useApplication = (id: number) => useQuery(careerKeys.application(id), (signal) => call(careers.application, { params: { id }, signal }), { notify: shownByPage });
export const fetchCv = (id: number, signal: AbortSignal) => call(careers.cv, { params: { id }, responseType: 'blob', signal });

export const createJob = (body: NewJobBody, headers: Headers) => call(careers.createJob, { body, headers });
export const updateJob = (id: number, body: UpdateJobBody, headers: Headers) => call(careers.updateJob, { params: { id }, body, headers });
export const changeApplicationStatus = (id: number, body: { version: number; status: ApplicationStatus }, headers: Headers) =>
  call(careers.applicationStatus, { params: { id }, body, headers });
export const addApplicationNote = (id: number, text: string, headers: Headers) => call(careers.applicationNotes, { params: { id }, body: { text }, headers });
