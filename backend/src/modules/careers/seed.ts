/**
 * Demo careers: 4 job posts (two open, one draft, one closed; one open post ends in a week), with applications
 * in every status and a small real PDF CV each. Repeatable (fixed seed).
 */
import { APPLICATION_STATUSES } from '../../../../common/contract/careers-paths.ts';
import { addDays, dubaiDate } from '../../../../common/calendar.ts';
import type { Queryable } from '../../db/database.ts';
import { makePdf } from '../../demo/files.ts';
import { DAY_MS, FIRST_NAMES, LAST_NAMES, generator, pickWith } from '../../demo/random.ts';
import type { DemoContext } from '../../demo/context.ts';

const POSTS = [
  {
    title: 'Senior Bookkeeper',
    department: 'Accounting',
    location: 'dubai_office',
    type: 'full_time',
    status: 'published',
    until: 30,
    description:
      'We are looking for a senior bookkeeper to look after a portfolio of 25 small and medium Dubai businesses.\n\nWhat you will do:\n- Keep the books in Xero and Zoho Books\n- Prepare monthly reports and VAT returns\n- Mentor two junior bookkeepers\n\nWhat you bring: 5 years of UAE bookkeeping, strong VAT knowledge, Arabic a plus.',
    applications: 9,
  },
  {
    title: 'Corporate Tax Consultant',
    department: 'Tax',
    location: 'remote',
    type: 'contract',
    status: 'published',
    until: 7,
    description:
      'A six-month contract to help our clients with their first UAE corporate tax returns.\n\nYou have worked on corporate tax in the GCC and can explain it to a business owner in plain words.',
    applications: 6,
  },
  {
    title: 'Business Development Executive',
    department: 'Sales',
    location: 'dubai_office',
    type: 'full_time',
    status: 'draft',
    until: null,
    description: 'Bring new clients to our bookkeeping and CFO services. Draft: waiting for the salary band.',
    applications: 0,
  },
  {
    title: 'Finance Intern (Summer)',
    department: 'Accounting',
    location: 'dubai_office',
    type: 'internship',
    status: 'closed',
    until: -10,
    description: 'Eight weeks with our bookkeeping team for an accounting student in their final year.',
    applications: 5,
  },
] as const;

const NOTES = ['I have seven years with Dubai SMEs and the ACCA qualification.', 'Available to start within a month.', 'Looking to move from audit into advisory work.'] as const;

export async function seedCareers(tx: Queryable, { now }: DemoContext): Promise<void> {
  const random = generator(20_260_141);
  const pick = pickWith(random);
  const today = dubaiDate(now);
  const [hr] = await tx.query<{ id: number }>("SELECT id FROM users WHERE role = 'HR_MANAGER' ORDER BY id LIMIT 1");
  for (const [index, post] of POSTS.entries()) {
    const created = new Date(now.getTime() - (40 - index * 6) * DAY_MS);
    const [job] = await tx.query<{ id: number }>(
      `INSERT INTO job_posts (title, department, location, employment_type, description, status, publish_from, publish_until, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [post.title, post.department, post.location, post.type, post.description, post.status, post.status === 'draft' ? null : addDays(today, -30), post.until === null ? null : addDays(today, post.until), hr?.id ?? null, created],
    );
    for (let count = 0; count < post.applications; count += 1) {
      const name = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
      const cv = makePdf(`${name}: curriculum vitae`, [`Applying for ${post.title}`, 'Experience: UAE bookkeeping and VAT', 'Languages: English, Arabic, Hindi']);
      const [application] = await tx.query<{ id: number }>(
        `INSERT INTO job_applications (job_id, name, email, phone, cover_note, cv_file_name, cv_content, cv_size, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [
          job!.id,
          name,
          `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
          `+971 50 ${String(1_000_000 + Math.floor(random() * 8_999_999))}`,
          random() < 0.7 ? pick(NOTES) : null,
          `${name.replace(/[^A-Za-z]+/g, '-')}-CV.pdf`,
          cv,
          cv.length,
          APPLICATION_STATUSES[count % APPLICATION_STATUSES.length]!,
          new Date(created.getTime() + (1 + count * 2) * DAY_MS),
        ],
      );
      await tx.query("INSERT INTO audit_events (entity, entity_id, kind, actor_id, data, created_at) VALUES ('job_application', $1, 'application_received', NULL, $2, $3)", [
        application!.id,
        JSON.stringify({ job_id: job!.id }),
        new Date(created.getTime() + (1 + count * 2) * DAY_MS),
      ]);
    }
  }
}
