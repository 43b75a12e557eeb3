/**
 * The users table's row, declared once (lib/table.ts): the staff store's column lists (a staff user's SELECT
 * and RETURNING, the lock, the invite's and insertUser's inserts, the role and compliance officer updates) and
 * its row types (StaffRow, TargetRow) derive from it. The columns were made by migrations 0001, 0006, 0009,
 * 0080, 0107, 0110 and 0115. Beside it the profiles table, one row per user.
 */
import type { Role } from '../../../../common/roles.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const usersTable = table('users', {
  id: column<number>(),
  firebase_uid: column<string | null>(),
  email: column<string>(),
  display_name: column<string | null>(),
  role: column<Role>(),
  profile_picture: column<string | null>(),
  date_joined: column<Date>(),
  active: column<boolean>(),
  deactivated_at: column<Date | null>(),
  signed_in_at: column<Date | null>(),
  compliance_officer: column<boolean>(),
  sessions_ended_at: column<Date | null>(),
  sessions_ended_by: column<'self' | 'administrator' | null>(),
  weekly_capacity_minutes: column<number>(),
  capacity_version: column<number>(),
});

export type UserColumns = RowOf<typeof usersTable.columns>;
export type UserColumn = keyof UserColumns & string;

/** The columns the Users page shows of a staff user (its status is computed from active and signed_in_at). */
export const STAFF_ROW_FIELDS = ['id', 'display_name', 'email', 'role', 'profile_picture', 'date_joined', 'active', 'signed_in_at'] as const satisfies readonly UserColumn[];

/** The columns an administrator's write locks and reads: the row and the Firebase account it is bound to. */
export const TARGET_ROW_FIELDS = [...STAFF_ROW_FIELDS, 'firebase_uid'] as const satisfies readonly UserColumn[];

/** The columns an invitation writes (the rest take their defaults). */
export const INVITED_USER_FIELDS = ['email', 'display_name', 'role', 'firebase_uid'] as const satisfies readonly UserColumn[];

/** The columns insertUser writes: a user without an account yet, joined and signed in when the caller says. */
export const NEW_USER_FIELDS = ['email', 'display_name', 'role', 'date_joined', 'signed_in_at'] as const satisfies readonly UserColumn[];

/** A user's profile: the spec's me.profile.id, made with the user (insertUser, the invitation) and read by the sign-in. */
export const profilesTable = table('profiles', {
  id: column<number>(),
  user_id: column<number>(),
  created_at: column<Date>(),
});

/** The columns a new profile is written with. */
export const NEW_PROFILE_FIELDS = ['user_id'] as const satisfies readonly (keyof RowOf<typeof profilesTable.columns> & string)[];
