/** A client's Recurring tasks tab: the shared recurring templates list, this client only. */
import type { ClientDetail } from '../../../../../common/contract/clients.ts';
import { RecurringTemplates } from '../../../components/recurring-templates.tsx';
import { useSearchParam } from '../use-search-param.ts';

export function RecurringTab({ client }: { client: ClientDetail }) {
  const [page, setPage] = useSearchParam('page');
  const current = Number(page) >= 1 ? Math.floor(Number(page)) : 1;
  return (
    <section className="panel client-section">
      <RecurringTemplates clientId={client.id} title="Recurring tasks" page={current} onPage={(next) => setPage(next > 1 ? String(next) : null)} />
    </section>
  );
}
