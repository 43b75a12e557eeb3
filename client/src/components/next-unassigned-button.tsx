import { useLocation } from 'wouter';
import type { RouteKey } from '../../../common/access.ts';
import { resourceOf } from '../../../common/areas.ts';
import { useAction } from '../lib/use-action.ts';
import { takeNext } from '../lib/work-api.ts';
import { Button } from './button.tsx';

/**
 * 'Next unassigned' on a queue's list page: takes the oldest item nobody holds that the user may
 * work, assigns it to them (two people pressing at once get different ones) and opens it. Also on Home's
 * blocks of queues. What it reads again after a take: every view of the work area (Home's blocks, a queue's
 * counts) and the queue's own resource (every cache key of an area starts with it, common/areas.ts).
 */
export function NextUnassignedButton({ queue, disabled = false }: { queue: RouteKey; disabled?: boolean }) {
  const [, navigate] = useLocation();
  const next = useAction({
    run: (_: void, { headers }) => takeNext(queue, headers),
    invalidates: [['work'], [resourceOf(queue)]],
    onSuccess: (result) => {
      if (result.item) navigate(result.item.href);
    },
    success: (result) => (result.item ? `${result.item.title} is assigned to you.` : 'Nothing is left unassigned.'),
  });
  return (
    <Button variant="outlined" onClick={() => void next.run()} loading={next.busy} disabled={disabled}>
      Next unassigned
    </Button>
  );
}
