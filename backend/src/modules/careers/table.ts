/**
 * The careers tables' rows, declared once (lib/table.ts): job posts and the applications to them. The store's
 * column lists (a post's SELECT, the website's, the locks, the inserts, a post's edit, an application's SELECT)
 * and its row types (JobRow, AppRow) derive from them.
 */
import type { ApplicationStatus, JobLocation, JobStatus, JobType } from '../../../../common/contract/careers-paths.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const jobPostsTable = table('job_posts', {
  id: column<number>(),
  title: column<string>(),
  department: column<string>(),
  location: column<JobLocation>(),
  employment_type: column<JobType>(),
  description: column<string>(),
  status: column<JobStatus>(),
  publish_from: column<string | null>('date'),
  publish_until: column<string | null>('date'),
  created_by: column<number | null>(),
  version: column<number>(),
  created_at: column<Date>(),
});

export type JobPostColumns = RowOf<typeof jobPostsTable.columns>;
export type JobPostColumn = keyof JobPostColumns & string;

/** The columns a post's list row and page read (whether it is open and its application counts are computed beside them). */
export const JOB_ROW_FIELDS = ['id', 'title', 'department', 'location', 'employment_type', 'description', 'status', 'publish_from', 'publish_until', 'created_at', 'version'] as const satisfies readonly JobPostColumn[];

/** What the form writes, on an add and an edit. */
export const JOB_CONTENT_FIELDS = ['title', 'department', 'location', 'employment_type', 'description', 'status', 'publish_from', 'publish_until'] as const satisfies readonly JobPostColumn[];

/** The columns a new post is written with: the form's and who made it. */
export const NEW_JOB_FIELDS = [...JOB_CONTENT_FIELDS, 'created_by'] as const satisfies readonly JobPostColumn[];

/** The columns the website reads of an open post. */
export const PUBLIC_JOB_FIELDS = ['id', 'title', 'department', 'location', 'employment_type', 'description', 'publish_until'] as const satisfies readonly JobPostColumn[];

export const jobApplicationsTable = table('job_applications', {
  id: column<number>(),
  job_id: column<number>(),
  name: column<string>(),
  email: column<string>(),
  phone: column<string>(),
  cover_note: column<string | null>(),
  cv_file_name: column<string>(),
  cv_content: column<Uint8Array>(),
  cv_size: column<number>(),
  status: column<ApplicationStatus>(),
  version: column<number>(),
  created_at: column<Date>(),
});

export type JobApplicationColumns = RowOf<typeof jobApplicationsTable.columns>;
export type JobApplicationColumn = keyof JobApplicationColumns & string;

/** The columns an application's list row and page read (its post's title is joined beside them; the CV's bytes are read alone). */
export const APPLICATION_ROW_FIELDS = ['id', 'job_id', 'name', 'email', 'phone', 'cover_note', 'cv_file_name', 'cv_size', 'status', 'created_at', 'version'] as const satisfies readonly JobApplicationColumn[];

/** The columns an application arrives with (its status starts new). */
export const NEW_APPLICATION_FIELDS = ['job_id', 'name', 'email', 'phone', 'cover_note', 'cv_file_name', 'cv_content', 'cv_size'] as const satisfies readonly JobApplicationColumn[];

/** The columns a status change locks and reads, for a post and for an application. */
export const STATUS_LOCK_FIELDS = ['id', 'version', 'status'] as const satisfies readonly (JobPostColumn & JobApplicationColumn)[];
