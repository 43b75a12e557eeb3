/**
 * Work at speed reaches into every area through three registries an area contributes to from its
 * module (BackendModule.work): search providers (how its records match and which of them the caller may
 * see), Home blocks (the caller's own work in that area) and bulk actions (what may be done to many of its
 * rows at once). The search, work and bulk modules only read these; the rules stay in the area.
 */
import type { Database, Queryable } from '../db/database.ts';
import type { CurrentUser } from '../plugins/auth.ts';
import { canSee, type RouteKey } from '../../../common/access.ts';
import { isStaffRole, type Role } from '../../../common/roles.ts';
import type { BulkActionDef, BulkParamsOf } from '../../../common/contract/bulk.ts';
import type { BulkOutcome, NewBulkJob, SearchHit, WorkBlock } from '../../../common/contract/work.ts';

export type Caller = Pick<CurrentUser, 'id' | 'role'>;

export interface SearchProvider {
  /** The group's kind ('registration', 'client') and heading ('Registrations'). */
  kind: string;
  label: string;
  /** Group order in the answer (lower first). */
  order: number;
  /**
   * At most `limit` hits for `q` (trimmed, at least MIN_SEARCH_LENGTH long) the caller may open, best first,
   * under the same rule as the area's list; [] when the caller sees none of the area.
   */
  search(db: Queryable, caller: Caller, q: string, limit: number): Promise<SearchHit[]>;
}

/** What a block's count and items are, for the caller; null when the block is not theirs (role). */
export type HomeBlock = Omit<WorkBlock, 'key'>;

export interface HomeBlockProvider {
  key: string;
  order: number;
  /** The block for the caller, or null when their role has no such work (the block is left out). */
  build(db: Queryable, caller: Caller, now: Date): Promise<HomeBlock | null>;
}

export interface NextUnassignedProvider {
  /** The queue's key (the list's route key). */
  queue: string;
  /** The page whose roles may take from this queue. */
  page: RouteKey;
  /** Assigns the oldest unassigned item to the caller (two callers at once get different ones); null when none is left. */
  take(db: Database, caller: Caller & { idempotencyKey: string | null }): Promise<{ id: number; title: string; href: string } | null>;
}

/** What one row of a bulk job came to: the contract's outcome and why, when skipped or failed. */
export interface BulkRowResult {
  outcome: BulkOutcome;
  reason: string | null;
}

/** The parameters of a job as the envelope carries them (an action reads them typed by its contract: contractBulk). */
type UntypedParams = NewBulkJob['params'];

export interface BulkAction<P = UntypedParams> {
  /** The list (route key) it acts on, and its key there. */
  list: RouteKey;
  action: string;
  label: string;
  /**
   * The schema of its parameters (the contract's, common/contract/bulk.ts): the bulk route refuses a job whose
   * params it does not take before any row is touched, naming `params.<field>`.
   */
  params: BulkActionDef['params'];
  /** The page whose roles may run it (checked again per row by the area's own action). */
  page: RouteKey;
  /** When only some of the page's roles may run it (a client's bookkeeper is changed by ADMIN only): those. */
  roles?: readonly Role[];
  /**
   * When its single-record form asks for the caller's fresh code (step-up, a role change), what the code
   * allows ('change a role'): the job is refused without a current code, checked and spent once at the start.
   */
  stepUp?: string;
  /**
   * What the schema cannot say, before any row is touched: a rule that reads the database (an assignee who
   * may not be one), refused with invalidInput naming `params.<field>`.
   */
  checkParams?(db: Queryable, params: P): Promise<void>;
  /** Every row the list's filter selects for the caller, in the list's order (at most `limit`). */
  select(db: Queryable, caller: Caller, filter: Record<string, string>, limit: number): Promise<{ id: number; label: string }[]>;
  /** The labels of rows picked by id that the caller may see (others are left out). */
  labels(db: Queryable, caller: Caller, ids: number[]): Promise<{ id: number; label: string }[]>;
  /**
   * Acts on one row in its own transaction with the area's action. `idempotencyKey` is unique to the job and
   * row: a row re-run after a crash replays instead of acting twice.
   */
  apply(db: Database, caller: Caller & { idempotencyKey: string }, id: number, params: P): Promise<BulkRowResult>;
}

/** An area's action for a bulk action its contract declares: the contract's list, key, label and params, typed by its schema. */
export function contractBulk<D extends BulkActionDef>(def: D, action: Omit<BulkAction<BulkParamsOf<D>>, 'list' | 'action' | 'label' | 'params'>): BulkAction {
  return { ...action, list: def.list, action: def.action, label: def.label, params: def.params };
}

/** What an area adds to the registries (one line in its BackendModule: `work: { search: [...] }`). */
export interface WorkContributions {
  search?: readonly SearchProvider[];
  home?: readonly HomeBlockProvider[];
  next?: readonly NextUnassignedProvider[];
  bulk?: readonly BulkAction[];
}

/** Every bulk action the modules contribute (BackendModule.work.bulk). */
export function bulkActionsOf(modules: readonly { work?: WorkContributions }[]): BulkAction[] {
  return modules.flatMap((module) => module.work?.bulk ?? []);
}

/** Whether a role may run a bulk action: a staff role that sees its page and its list, and one of its roles when it names some. */
export function mayRunBulk(role: Role, action: Pick<BulkAction, 'page' | 'list' | 'roles'>): boolean {
  return isStaffRole(role) && canSee(role, action.page) && canSee(role, action.list) && (action.roles === undefined || action.roles.includes(role));
}
