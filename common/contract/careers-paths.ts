/** The careers area's paths (relative to API_BASE) and vocabulary, plain code for the console. */
const segment = (value: number | string) => encodeURIComponent(String(value));

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

export const careerPaths = {
  /** GET ?status=&search=&page=; POST creates a post (the /createjob editor). */
  jobs: 'careers/jobs/',
  job: (id: number | string) => `careers/jobs/${segment(id)}`,
  applications: (jobId: number | string) => `careers/jobs/${segment(jobId)}/applications/`,
  application: (id: number | string) => `careers/applications/${segment(id)}`,
  applicationStatus: (id: number | string) => `careers/applications/${segment(id)}/status`,
  applicationNotes: (id: number | string) => `careers/applications/${segment(id)}/notes`,
  /** GET: the CV, inline (?download=true for an attachment). */
  cv: (id: number | string) => `careers/applications/${segment(id)}/cv`,
  publicJobs: 'public/jobs',
  publicJob: (id: number | string) => `public/jobs/${segment(id)}`,
  publicApply: (id: number | string) => `public/jobs/${segment(id)}/applications`,
} as const;

/** The console's pages of careers: the posts, /createjob for a new one, a post's edit page and its applications. */
export const careerPagePath = {
  list: '/careers',
  create: '/createjob',
  edit: (id: number) => `/careers/${id}/edit`,
  applications: (id: number) => `/careers/${id}`,
  application: (id: number) => `/careers/applications/${id}`,
} as const;
