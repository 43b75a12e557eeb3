import { useLocation } from 'wouter';
import type { QueryKey } from '../lib/query-cache.ts';
import { useAction } from '../lib/use-action.ts';
import { takeNext, workKeys } from '../lib/work-api.ts';
import { Button } from './button.tsx';

/**
 * 'Next unassigned' on a queue's list page (issue 22): takes the oldest unassigned item the user may work
 * (POST work/next/, safe when two people press at once), assigns it to them and opens it; says so when none
 * is left.
 */
export function NextUnassignedButton({ queue, invalidates }: { queue: string; invalidates: readonly QueryKey[] }) {
  const [, navigate] = useLocation();
  const next = useAction({
    run: (_: void, { headers }) => takeNext(queue, headers),
    invalidates: [workKeys.myWork, ...invalidates],
    onSuccess: (result) => {
      if (result.item) navigate(result.item.href);
    },
    success: (result) => (result.item ? `${result.item.title} is assigned to you.` : 'Nothing is left unassigned.'),
  });
  return (
    <Button onClick={() => void next.run()} loading={next.busy}>
      Next unassigned
    </Button>
  );
}
