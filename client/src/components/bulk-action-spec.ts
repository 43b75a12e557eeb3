import type { ReactNode } from 'react';
import type { NewBulkJob } from '../../../common/contract/work.ts';

/** A bulk action's parameters as its confirmation collects them (an assignee id, a status). */
export type BulkParams = NewBulkJob['params'];

/** A bulk action a list offers: the server's action key, and the parameters its dialog asks for. */
export interface BulkActionSpec {
  action: string;
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
  initialParams: BulkParams;
  renderParams?: (params: BulkParams, setParams: (params: BulkParams) => void) => ReactNode;
  ready?: (params: BulkParams) => boolean;
}
