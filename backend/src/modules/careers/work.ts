/**
 * Careers' part of work at speed: bulk actions on its two lists, each row through the area's own
 * single-row action (its version, checks and event): close job posts (the post's own edit with status
 * closed, every other field kept), and change the status of a post's applications. Careers has no rule per
 * record beyond its page's roles (canSee 'careers'), so selection needs none either.
 */
import { APPLICATION_STATUS_LABELS } from '../../../../common/contract/careers-paths.ts';
import type { Queryable } from '../../db/database.ts';
import { ApplicationFilter, careersBulkActions, JobQuery } from '../../../../common/contract/careers.ts';
import { bulkRowStep, callerContext, parseListFilter } from '../../lib/bulk-rows.ts';
import { contractBulk, type WorkContributions } from '../../lib/work-registry.ts';
import { applicationsMatching, changeApplicationStatus, jobsMatching, readApplication, readJob, updateJob } from './store.ts';

/** Close the selected job posts: the website stops showing them and they take no more applications. */
const bulkCloseJobs = contractBulk(careersBulkActions.close_job, {
  page: 'careers',
  select(db, _caller, filter, limit) {
    return jobsMatching(db, parseListFilter<JobQuery>(JobQuery, filter), limit);
  },
  labels: (db, _caller, ids) => db.query<{ id: number; label: string }>('SELECT j.id, j.title AS label FROM job_posts j WHERE j.id = ANY($1::integer[]) ORDER BY j.created_at DESC, j.id DESC', [ids]),
  apply: (db, caller, id) =>
    bulkRowStep(db, {
      entity: 'job_post',
      id,
      idempotencyKey: caller.idempotencyKey,
      read: (tx) => readJob(tx, id),
      skip: (job) => (job.status === 'closed' ? 'Already closed.' : null),
      act: (job) =>
        updateJob(
          db,
          id,
          {
            version: job.version,
            title: job.title,
            department: job.department,
            location: job.location,
            employment_type: job.employment_type,
            description: job.description,
            status: 'closed',
            publish_from: job.publish_from,
            publish_until: job.publish_until,
          },
          callerContext(caller),
        ),
    }),
});

/** Change the status of the selected applications of one post (the list is per post: its filter names it). */
const bulkApplicationStatus = contractBulk(careersBulkActions.application_status, {
  page: 'careers',
  select(db, _caller, filter, limit) {
    const { job_id: jobId, status } = parseListFilter<ApplicationFilter>(ApplicationFilter, filter);
    return applicationsMatching(db, jobId, status, limit);
  },
  labels: (db: Queryable, _caller, ids) =>
    db.query<{ id: number; label: string }>(
      `SELECT a.id, a.name || ' (' || j.title || ')' AS label FROM job_applications a JOIN job_posts j ON j.id = a.job_id WHERE a.id = ANY($1::integer[]) ORDER BY a.created_at DESC, a.id DESC`,
      [ids],
    ),
  apply: (db, caller, id, { status }) =>
    bulkRowStep(db, {
      entity: 'job_application',
      id,
      idempotencyKey: caller.idempotencyKey,
      read: (tx) => readApplication(tx, id),
      skip: (application) => (application.status === status ? `Already ${APPLICATION_STATUS_LABELS[status].toLowerCase()}.` : null),
      act: (application) => changeApplicationStatus(db, id, status, application.version, callerContext(caller)),
    }),
});

export const careersWork: WorkContributions = { bulk: [bulkCloseJobs, bulkApplicationStatus] };
