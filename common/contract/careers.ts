/** Careers: job posts (/careers, /createjob), their applications, and the website's public reads and apply. */
import { Type, type Static } from 'typebox';
import { bulkActions } from './bulk.ts';
import { access, endpoints } from './endpoint.ts';
import { applicationFields, jobFields } from './careers-fields.ts';
import { PublicReceipt } from './enquiries.ts';
import { CalendarDate, Closed, Email, Id, IdempotencyHeaders, IdParams, Instant, Line, Nullable, Page, PageQuery, Paragraphs, PersonRef, Search, Version } from './shared.ts';
import { APPLICATION_STATUSES, careersBulkLabels, careersRoutes, JOB_LOCATIONS, JOB_STATUSES, JOB_TYPES } from './careers-paths.ts';

export * from './careers-paths.ts';

const Status = Type.Enum(JOB_STATUSES, { title: jobFields.status.label });
const AppStatus = Type.Enum(APPLICATION_STATUSES, { title: applicationFields.status.label });

export const JobQuery = Closed({ ...PageQuery, status: Type.Optional(Status), search: Type.Optional(Search) });
export type JobQuery = Static<typeof JobQuery>;

const JobFields = {
  title: Line(jobFields.title.max, { minLength: jobFields.title.min, title: jobFields.title.label }),
  department: Line(jobFields.department.max, { minLength: jobFields.department.min, title: jobFields.department.label }),
  location: Type.Enum(JOB_LOCATIONS, { title: jobFields.location.label }),
  employment_type: Type.Enum(JOB_TYPES, { title: jobFields.type.label }),
  description: Paragraphs(jobFields.description.max, { minLength: jobFields.description.min, title: jobFields.description.label }),
  status: Status,
  publish_from: Nullable(CalendarDate('Published from')),
  publish_until: Nullable(CalendarDate('Published until')),
};
export const NewJobBody = Closed(JobFields);
export type NewJobBody = Static<typeof NewJobBody>;
export const UpdateJobBody = Closed({ version: Version, ...JobFields });
export type UpdateJobBody = Static<typeof UpdateJobBody>;

export const JobPost = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  department: Type.String(),
  location: Type.Enum(JOB_LOCATIONS),
  employment_type: Type.Enum(JOB_TYPES),
  description: Type.String(),
  status: Status,
  publish_from: Nullable(Type.String()),
  publish_until: Nullable(Type.String()),
  /** Published and within its dates today (Dubai): what the website lists and what takes applications. */
  open: Type.Boolean(),
  application_count: Type.Integer(),
  new_application_count: Type.Integer(),
  created_at: Instant,
  version: Type.Integer(),
});
export type JobPost = Static<typeof JobPost>;

/** What the website reads of an open post. */
export const PublicJob = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  department: Type.String(),
  location: Type.Enum(JOB_LOCATIONS),
  employment_type: Type.Enum(JOB_TYPES),
  description: Type.String(),
  publish_until: Nullable(Type.String()),
});
export type PublicJob = Static<typeof PublicJob>;

/** POST public/jobs/{id}/applications: multipart fields beside the `cv` file part. */
export const PublicApplicationFields = Closed({
  name: Line(100, { minLength: 1, title: 'Name' }),
  email: Email,
  phone: Line(30, { minLength: 1, title: 'Phone' }),
  cover_note: Type.Optional(Paragraphs(4000, { title: 'Cover note' })),
  website: Type.Optional(Line(200, { title: 'Website' })),
  /** The CV: a file part (multipart), checked as a PDF by its bytes. */
  cv: Type.Unsafe<unknown>({ title: 'CV' }),
});
export type PublicApplicationFields = Static<typeof PublicApplicationFields>;

export const ApplicationQuery = Closed({ ...PageQuery, status: Type.Optional(AppStatus) });
export type ApplicationQuery = Static<typeof ApplicationQuery>;
/** The applications list's filter as a bulk job carries it: the job post (the list's path) and the list's status. */
export const ApplicationFilter = Closed({ job_id: Id('Job post'), status: Type.Optional(AppStatus) });
export type ApplicationFilter = Static<typeof ApplicationFilter>;

export const Application = Type.Object({
  id: Type.Integer(),
  job_id: Type.Integer(),
  job_title: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  cover_note: Nullable(Type.String()),
  cv_file_name: Type.String(),
  cv_size: Type.Integer(),
  status: AppStatus,
  created_at: Instant,
  version: Type.Integer(),
});
export type Application = Static<typeof Application>;

export const ApplicationNote = Type.Object({ id: Type.Integer(), kind: Type.String(), data: Type.Record(Type.String(), Type.Unknown()), actor: Nullable(PersonRef), created_at: Instant });
export const ApplicationDetail = Type.Object({ application: Application, history: Type.Array(ApplicationNote) });
export type ApplicationDetail = Static<typeof ApplicationDetail>;

export const ApplicationStatusBody = Closed({ version: Version, status: AppStatus });
export type ApplicationStatusBody = Static<typeof ApplicationStatusBody>;
export const ApplicationNoteBody = Closed({ text: Paragraphs(applicationFields.note.max, { minLength: applicationFields.note.min, title: applicationFields.note.label }) });
export const JobParams = Closed({ id: Id('Job post') });
export const CvQuery = Closed({ download: Type.Optional(Type.Boolean({ title: 'Download' })) });

const careers = access.page('careers');
const params = IdParams('id');
const write = { access: careers, headers: IdempotencyHeaders };

export const careersEndpoints = endpoints('careers', careersRoutes, {
  jobs: { summary: 'Job posts', access: careers, query: JobQuery, response: { 200: Page(JobPost) } },
  createJob: { summary: 'Create a job post', ...write, body: NewJobBody, response: { 201: JobPost } },
  job: { summary: 'One job post', access: careers, params, response: { 200: JobPost } },
  updateJob: { summary: 'Change a job post', ...write, params, body: UpdateJobBody, response: { 200: JobPost } },
  applications: { summary: 'A post\'s applications', access: careers, params, query: ApplicationQuery, response: { 200: Page(Application) } },
  application: { summary: 'One application with its history', access: careers, params, response: { 200: ApplicationDetail } },
  applicationStatus: { summary: 'Move an application to another status', ...write, params, body: ApplicationStatusBody, response: { 200: Application } },
  applicationNotes: { summary: 'Add a note to an application', ...write, params, body: ApplicationNoteBody, response: { 200: ApplicationDetail } },
  cv: { summary: 'An application\'s CV', access: careers, params, query: CvQuery, raw: { contentTypes: ['application/pdf'], description: 'The CV, inline (?download=true: as an attachment)' } },
  publicJobs: { summary: 'The open posts the website shows', access: access.public, response: { 200: Type.Array(PublicJob) } },
  publicJob: { summary: 'One open post for the website', access: access.public, params, response: { 200: PublicJob } },
  publicApply: {
    summary: 'The website\'s application form, with the CV (multipart/form-data)',
    access: access.public,
    params,
    body: PublicApplicationFields,
    consumes: ['multipart/form-data'],
    response: { 202: PublicReceipt },
    // The CV's limit is the multipart reader's (MAX_CV_BYTES); the gateway's rate limit answers 429.
    errors: [413, 429],
  },
});

/** Careers' bulk actions: close job posts, and change the status of a post's applications. */
export const careersBulkActions = bulkActions('careers', careersBulkLabels, {
  close_job: Closed({}),
  application_status: Closed({ status: Type.Enum(APPLICATION_STATUSES, { title: 'New status' }) }),
});
