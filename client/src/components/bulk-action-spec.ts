import type { ReactNode } from 'react';
import type { BulkActionDef, BulkParamsOf } from '../../../common/contract/bulk.ts';
import type { NewBulkJob } from '../../../common/contract/work.ts';

/** A bulk job's parameters as the request carries them (the server checks them against the action's schema). */
export type BulkParams = NewBulkJob['params'];

/**
 * The parameters while the confirmation collects them: each one the action takes, null until chosen (for
 * the bar, which holds actions of any contract entry side by side: the envelope's params).
 */
export type BulkDraft<D> = unknown extends BulkParamsOf<D> ? BulkParams : { [K in keyof BulkParamsOf<D>]-?: BulkParamsOf<D>[K] | null };

/**
 * A bulk action a list offers: the contract's action (`D`, `typeof tasksBulkActions.assign`, a type-only
 * import) names its key and types the parameters its dialog asks for.
 */
export interface BulkActionSpec<D extends BulkActionDef = BulkActionDef> {
  action: D['action'];
  /** The contract's label (`tasksBulkLabels.assign`). */
  label: string;
  /** What the confirmation says is done to each row ('assigned'). */
  verb: string;
  /**
   * What a done row is called in the results ('Done' by default): an action that only queues work says so
   * ('Retried'), so the results never claim an outcome that comes later.
   */
  doneLabel?: string;
  /** How the confirmation's question starts before the count ('Change the status of'); the label by default. */
  phrase?: string;
  initialParams: BulkDraft<D>;
  renderParams?(params: BulkDraft<D>, setParams: (params: BulkDraft<D>) => void): ReactNode;
  /** The action needs the caller's fresh code (step-up) as its single-record form does (a role change): the confirmation asks for it. */
  stepUp?: boolean;
  /** Whether the dialog may send (a choice made, a reason given); the server's schema says so again. */
  ready?(params: BulkDraft<D>): boolean;
}

/**
 * One list action typed by its contract entry: `bulkSpec<typeof tasksBulkActions.assign>({ ... })`. The bar
 * keeps a list's actions side by side; each action's dialog only ever gets back the params it made.
 */
export const bulkSpec = <D extends BulkActionDef>(spec: BulkActionSpec<D>): BulkActionSpec => spec as unknown as BulkActionSpec;
