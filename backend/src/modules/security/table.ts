/**
 * The second-factor tables' rows, declared once (lib/table.ts): a user's authenticator secret and its state,
 * and their recovery codes (hashed). The store's column lists (a factor's read, the enrolment's and the demo's
 * inserts, a recovery code's) and its row type (FactorRow) derive from them.
 */
import { column, table, type RowOf } from '../../lib/table.ts';

export const secondFactorsTable = table('second_factors', {
  user_id: column<number>(),
  secret: column<string>(),
  confirmed_at: column<Date | null>(),
  // bigint: the reads cast it to text (node-postgres answers text, PGlite a number).
  last_step: column<string | number>(),
  failures: column<number>(),
  locked_until: column<Date | null>(),
  created_at: column<Date>(),
});

export type SecondFactorColumns = RowOf<typeof secondFactorsTable.columns>;
export type SecondFactorColumn = keyof SecondFactorColumns & string;

/** The columns a code check reads as stored (its last step is cast to text beside them). */
export const FACTOR_FIELDS = ['secret', 'confirmed_at', 'failures', 'locked_until'] as const satisfies readonly SecondFactorColumn[];

/** The columns an enrolment writes (the rest take their defaults). */
export const NEW_FACTOR_FIELDS = ['user_id', 'secret'] as const satisfies readonly SecondFactorColumn[];

export const secondFactorRecoveryCodesTable = table('second_factor_recovery_codes', {
  user_id: column<number>(),
  code_hash: column<string>(),
  used_at: column<Date | null>(),
});

export type RecoveryCodeColumn = keyof RowOf<typeof secondFactorRecoveryCodesTable.columns> & string;

/** The columns a new recovery code is written with (unused). */
export const NEW_RECOVERY_CODE_FIELDS = ['user_id', 'code_hash'] as const satisfies readonly RecoveryCodeColumn[];
