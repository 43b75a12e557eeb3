/**
 * Bulk actions as endpoints: each is a key of a list (its route key), a label and a params schema, declared in
 * its area's contract in two halves as the area's endpoints are:
 * - `<area>-paths.ts`: `export const tasksBulkLabels = { assign: 'Assign', status: 'Change status' } as const`,
 *   plain code the console imports at runtime;
 * - `<area>.ts`: `export const tasksBulkActions = bulkActions('tasks', tasksBulkLabels, { assign: Closed({...}) })`,
 *   the same keys (checked by the compiler both ways) with each action's params schema.
 * The shared bulk route (POST bulk/jobs/) validates a job's params against the action's schema before any row
 * is touched, with the same sentences as any body (a refusal names `params.<field>` by its title, as the
 * confirmation labels it); the back end's action is typed by it (BulkAction in backend/src/lib/work-registry.ts),
 * and so is the console's confirmation (`BulkActionSpec<typeof tasksBulkActions.assign>`, a type-only import).
 * This module imports the schema library for types only, so the console may import it.
 */
import type { Static, TSchema } from 'typebox';
import type { RouteKey } from '../access.ts';

/** One bulk action of a list: its key there, its label, and the schema of the parameters its job takes. */
export interface BulkActionDef<L extends RouteKey = RouteKey, A extends string = string, P extends TSchema = TSchema> {
  readonly list: L;
  readonly action: A;
  readonly label: string;
  readonly params: P;
}

/** The parameters a bulk action's job takes, as the server reads them. */
export type BulkParamsOf<D> = D extends BulkActionDef<RouteKey, string, infer P> ? Static<P> : never;

type Exact<R, S> = S & Record<Exclude<keyof S, keyof R>, never>;

/** A list's bulk actions: its labels half (plain) joined with its params schemas, key by key. */
export function bulkActions<L extends RouteKey, R extends Record<string, string>, S extends { [K in keyof R]: TSchema }>(
  list: L,
  labels: R,
  params: Exact<R, S>,
): { [K in keyof R & string]: BulkActionDef<L, K, S[K]> } {
  return Object.fromEntries(Object.entries(labels).map(([action, label]) => [action, { list, action, label, params: params[action] }])) as {
    [K in keyof R & string]: BulkActionDef<L, K, S[K]>;
  };
}
