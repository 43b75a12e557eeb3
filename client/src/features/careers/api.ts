/** Careers' calls (common/contract/careers.ts) through the area's endpoints; every key starts with 'careers', which every write invalidates. */
import type { ApplicationStatus, careersEndpoints, NewJobBody, UpdateJobBody } from '../../../../common/contract/careers.ts';
import { careersRoutes } from '../../../../common/contract/careers-paths.ts';
import { call } from '../../lib/call.ts';
import { refreshOnNotifications, refreshOnRecordChange } from '../../lib/notification-events.ts';
import { clientEndpoints, keyOf, useEndpoint } from '../../lib/endpoints.ts';

export const careers = clientEndpoints<typeof careersEndpoints>('careers', careersRoutes);

// An open job post or application follows a change someone else made to it.
refreshOnRecordChange('job_post', ({ id }) => [keyOf(careers.job, { params: { id } }), keyOf(careers.jobs)]);
refreshOnRecordChange('job_application', ({ id }) => [keyOf(careers.application, { params: { id } }), keyOf(careers.applications)]);

// A new application (the website's publicApply) reads the careers views again.
refreshOnNotifications(['application_received'], [careers.publicApply.area]);

type Headers = Record<string, string>;
const shownByPage = (error: unknown) => (error as { status?: number }).status !== 404;

export const useJob = (id: number, enabled = true) => useEndpoint(careers.job, { params: { id } }, { enabled, notify: shownByPage });
export const useApplication = (id: number) => useEndpoint(careers.application, { params: { id } }, { notify: shownByPage });
export const fetchCv = (id: number, signal: AbortSignal) => call(careers.cv, { params: { id }, responseType: 'blob', signal });

export const createJob = (body: NewJobBody, headers: Headers) => call(careers.createJob, { body, headers });
export const updateJob = (id: number, body: UpdateJobBody, headers: Headers) => call(careers.updateJob, { params: { id }, body, headers });
export const changeApplicationStatus = (id: number, body: { version: number; status: ApplicationStatus }, headers: Headers) =>
  call(careers.applicationStatus, { params: { id }, body, headers });
export const addApplicationNote = (id: number, text: string, headers: Headers) => call(careers.applicationNotes, { params: { id }, body: { text }, headers });
