/** The careers area's endpoints and vocabulary, plain code for the console. */

export const JOB_STATUSES = ['draft', 'published', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = { draft: 'Draft', published: 'Published', closed: 'Closed' };
export const JOB_LOCATIONS = ['dubai_office', 'remote'] as const;
export type JobLocation = (typeof JOB_LOCATIONS)[number];
export const JOB_LOCATION_LABELS: Record<JobLocation, string> = { dubai_office: 'Dubai office', remote: 'Remote' };
export const JOB_TYPES = ['full_time', 'part_time', 'contract', 'internship'] as const;
export type JobType = (typeof JOB_TYPES)[number];
export const JOB_TYPE_LABELS: Record<JobType, string> = { full_time: 'Full time', part_time: 'Part time', contract: 'Contract', internship: 'Internship' };

export const APPLICATION_STATUSES = ['new', 'shortlisted', 'interview', 'offer', 'rejected', 'hired'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: 'New',
  shortlisted: 'Shortlisted',
  interview: 'Interview',
  offer: 'Offer',
  rejected: 'Rejected',
  hired: 'Hired',
};

/** A CV is a PDF of at most 5 MB; the multipart envelope around it may add a little. */
export const MAX_CV_BYTES = 5 * 1024 * 1024;
export const MAX_APPLICATION_REQUEST_BYTES = MAX_CV_BYTES + 64 * 1024;
export const MAX_JOB_DESCRIPTION_LENGTH = 10_000;

/** The careers area's endpoints (schemas and access: careersEndpoints in careers.ts). */
export const careersRoutes = {
  /** ?status=&search=&page= */
  jobs: 'GET /careers/jobs/',
  /** Creates a post (the /createjob editor). */
  createJob: 'POST /careers/jobs/',
  job: 'GET /careers/jobs/:id',
  updateJob: 'PUT /careers/jobs/:id',
  applications: 'GET /careers/jobs/:id/applications/',
  application: 'GET /careers/applications/:id',
  applicationStatus: 'POST /careers/applications/:id/status',
  applicationNotes: 'POST /careers/applications/:id/notes',
  /** The CV, inline (?download=true for an attachment). */
  cv: 'GET /careers/applications/:id/cv',
  publicJobs: 'GET /public/jobs',
  publicJob: 'GET /public/jobs/:id',
  /** multipart/form-data: the form's fields and the CV. */
  publicApply: 'POST /public/jobs/:id/applications',
} as const;

/** The console's pages of careers: the posts, /createjob for a new one, a post's edit page and its applications. */
export const careerPagePath = {
  list: '/careers',
  create: '/createjob',
  edit: (id: number) => `/careers/${id}/edit`,
  applications: (id: number) => `/careers/${id}`,
  application: (id: number) => `/careers/applications/${id}`,
} as const;

/** A note on an application (its history). */
export const MAX_APPLICATION_NOTE_LENGTH = 2000;

/** The Careers lists' bulk actions and their labels (params schemas: careersBulkActions in careers.ts). */
export const careersBulkLabels = { close_job: 'Close', application_status: 'Change status' } as const;
