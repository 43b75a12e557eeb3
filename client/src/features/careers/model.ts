/** Careers' screen rules: status colours, and how a post's dates read. */
import { MAX_ID } from '../../../../common/contract/http.ts';
import type { JobPost } from '../../../../common/contract/careers.ts';
import type { ApplicationStatus, JobStatus } from '../../../../common/contract/careers-paths.ts';
import type { ChipVariant } from '../../components/status-chip.tsx';
import { formatDubaiDate } from '../../lib/dates.ts';

const day = (date: string) => formatDubaiDate(date);

export const JOB_VARIANTS: Record<JobStatus, ChipVariant> = { draft: 'neutral', published: 'green', closed: 'red' };
export const APPLICATION_VARIANTS: Record<ApplicationStatus, ChipVariant> = { new: 'blue', shortlisted: 'purple', interview: 'amber', offer: 'amber', rejected: 'neutral', hired: 'green' };

/** 'Published, on the website' / 'Published, not yet (from 2026-12-01)' / 'Published, ended 2026-11-01'. */
export function publishedText(job: Pick<JobPost, 'status' | 'open' | 'publish_from' | 'publish_until'>): string {
  if (job.status !== 'published') return '';
  if (job.open) return job.publish_until ? `On the website until ${day(job.publish_until)}` : 'On the website';
  if (job.publish_from && !job.publish_until) return `On the website from ${day(job.publish_from)}`;
  return `Not on the website (${job.publish_from ? day(job.publish_from) : '…'} to ${job.publish_until ? day(job.publish_until) : '…'})`;
}

/** An id the back end could hold (a positive whole number in the database's range); any other address is a post or application that cannot exist. */
export const isCareersId = (id: number): boolean => Number.isInteger(id) && id >= 1 && id <= MAX_ID;
