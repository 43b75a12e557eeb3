/** The registration an AML record belongs to, found by the client's user id as the review's routes are (404 when none). */
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';

export interface AmlRegistration {
  id: number;
  user_id: number;
  legal_name: string;
}

export async function findAmlRegistration(db: Queryable, userId: number): Promise<AmlRegistration> {
  const [row] = await db.query<AmlRegistration>('SELECT id, user_id, legal_name FROM registrations WHERE user_id = $1', [userId]);
  if (!row) throw notFound('Registration of this user');
  return row;
}

/** The registration's AML file row, created on first use, locked with `lock`. */
export async function amlFile(tx: Queryable, registrationId: number, lock = false): Promise<AmlFileRow> {
  await tx.query('INSERT INTO aml_files (registration_id) VALUES ($1) ON CONFLICT (registration_id) DO NOTHING', [registrationId]);
  const [row] = await tx.query<AmlFileRow>(
    `SELECT registration_id, version, company_screened_at, risk_level, risk_score, risk_factors, risk_answers, rated_by, rated_at, to_char(next_review_on, 'YYYY-MM-DD') AS next_review_on,
            edd_approved_by, edd_approved_at, frozen_at, frozen_reason, freeze_lift_requested_by, freeze_lift_requested_at, freeze_lift_reason
     FROM aml_files WHERE registration_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [registrationId],
  );
  return row!;
}

export interface AmlFileRow {
  registration_id: number;
  version: number;
  company_screened_at: Date | null;
  risk_level: 'low' | 'medium' | 'high' | null;
  risk_score: number | null;
  risk_factors: { factor: string; points: number; detail: string }[] | null;
  risk_answers: { sector: string; services: string[]; face_to_face: boolean } | null;
  rated_by: number | null;
  rated_at: Date | null;
  next_review_on: string | null;
  edd_approved_by: number | null;
  edd_approved_at: Date | null;
  frozen_at: Date | null;
  frozen_reason: string | null;
  freeze_lift_requested_by: number | null;
  freeze_lift_requested_at: Date | null;
  freeze_lift_reason: string | null;
}
