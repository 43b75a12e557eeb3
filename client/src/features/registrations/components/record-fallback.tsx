import type { RouteEntry } from '../../../../../common/access.ts';
import { Button } from '../../../components/button.tsx';
import { RecordNotFound } from '../../../components/record-not-found.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { isNotFound } from '../../../lib/errors.ts';
import type { QueryResult } from '../../../lib/use-query.ts';

/**
 * What a registration's page shows instead of the registration: the not-found page (an id that cannot be
 * one, or a 404), the spinner, or the failure with Retry. null once the record is there.
 */
export function RecordFallback({ valid, record, list }: { valid: boolean; record: QueryResult<unknown>; list: Pick<RouteEntry, 'name' | 'path'> }) {
  if (!valid || isNotFound(record.error)) return <RecordNotFound what="Registration" list={list} />;
  if (record.data !== undefined) return null;
  if (record.isLoading) return <LoadingIndicator />;
  return (
    <div className="review-section__note">
      <p>This registration could not be loaded.</p>
      <Button variant="outlined" onClick={record.refetch}>
        Retry
      </Button>
    </div>
  );
}
