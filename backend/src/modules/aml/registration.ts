/** The registration an AML record belongs to, found by the client's user id as the review's routes are (404 when none). */
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { columnNames, selectList } from '../../lib/table.ts';
import { amlFilesTable, type AmlFileColumns } from './table.ts';

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

/** A registration's AML file: its screening, risk rating, EDD approval and freeze, every column. */
export type AmlFileRow = AmlFileColumns;

const FILE_COLUMNS = selectList(amlFilesTable, null, columnNames(amlFilesTable));

/** The registration's AML file row, created on first use, locked with `lock`. */
export async function amlFile(tx: Queryable, registrationId: number, lock = false): Promise<AmlFileRow> {
  await tx.query('INSERT INTO aml_files (registration_id) VALUES ($1) ON CONFLICT (registration_id) DO NOTHING', [registrationId]);
  const [row] = await tx.query<AmlFileRow>(
    `SELECT ${FILE_COLUMNS} FROM aml_files WHERE registration_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [registrationId],
  );
  return row!;
}
