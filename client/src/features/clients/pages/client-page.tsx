import { Suspense, lazy, type ComponentType } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { routeByKey } from '../../../../../common/access.ts';
import { CLIENT_STATUS_LABELS, CLIENT_TABS, CLIENT_TAB_LABELS, type ClientTab } from '../../../../../common/clients.ts';
import type { ClientDetail } from '../../../../../common/contract/clients.ts';
import { clientPath } from '../../../../../common/links.ts';
import { Button } from '../../../components/button.tsx';
import { RecordNotFound } from '../../../components/record-not-found.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { isNotFound } from '../../../lib/errors.ts';
import { approveFreezeLift, freezeLift, requestFreezeLift, useClient } from '../api.ts';
import type { ClientFreeze } from '../../../../../common/contract/aml-freeze.ts';
import { FreezeBanner } from '../../../components/freeze-banner.tsx';
import { session } from '../../../state/session.ts';
import { OverviewTab } from '../components/overview-tab.tsx';
import { CLIENT_STATUS_VARIANTS, daysLeftText, expiryText, expiryVariant, isClientId, tabOf } from '../model.ts';
import '../components/clients.css';
import { formatDubaiDate } from '../../../lib/dates.ts';
import { personName } from '../../../lib/user-name.ts';

type TabComponent = ComponentType<{ client: ClientDetail }>;

/**
 * Each tab but the overview in its own chunk, loaded when the tab is first opened: the page stays small, and
 * the chart library comes with the insights tab only.
 */
const TABS: Record<ClientTab, TabComponent> = {
  overview: OverviewTab,
  subscription: lazy(() => import('../components/subscription-tab.tsx').then((module) => ({ default: module.SubscriptionTab }))),
  documents: lazy(() => import('../components/documents-tab.tsx').then((module) => ({ default: module.DocumentsTab }))),
  reports: lazy(() => import('../components/reports-tab.tsx').then((module) => ({ default: module.ReportsTab }))),
  insights: lazy(() => import('../components/insights-tab.tsx').then((module) => ({ default: module.InsightsTab }))),
  budget: lazy(() => import('../components/budget-tab.tsx').then((module) => ({ default: module.BudgetTab }))),
  deadlines: lazy(() => import('../components/deadlines-tab.tsx').then((module) => ({ default: module.DeadlinesTab }))),
  recurring: lazy(() => import('../components/recurring-tab.tsx').then((module) => ({ default: module.RecurringTab }))),
  timeline: lazy(() => import('../components/timeline-tab.tsx').then((module) => ({ default: module.TimelineTab }))),
};

const clientsList = routeByKey('clients');

/** One client (/clients/{id}): its header, and the tab of ?tab= (the overview without one). */
export function ClientPage() {
  const { id = '' } = useParams<{ id: string }>();
  const tab = tabOf(useSearch());
  const valid = isClientId(id);
  const record = useClient(id, valid);
  const client = record.data;

  if (!valid || isNotFound(record.error)) return <RecordNotFound what="Client" list={clientsList} />;
  if (!client) {
    if (record.isLoading) return <LoadingIndicator label="Loading the client" />;
    return (
      <section className="panel client-section">
        <p>This client could not be loaded.</p>
        <Button variant="outlined" onClick={record.refetch}>
          Retry
        </Button>
      </section>
    );
  }
  return (
    <div className="client-page">
      <ClientHeader client={client} />
      {client.frozen && <ClientFreezeBanner client={client} freeze={client.frozen} />}
      <nav className="client-tabs" aria-label="Client sections">
        <ul role="tablist" className="client-tabs__list">
          {CLIENT_TABS.map((name) => (
            <li key={name} role="presentation">
              <Link href={clientPath(client.id, name)} role="tab" aria-selected={name === tab} aria-controls="client-tab-panel" className="client-tabs__tab">
                {CLIENT_TAB_LABELS[name]}
                {name === 'documents' && client.open_document_requests > 0 && (
                  <span className="client-tabs__badge" aria-label={`${client.open_document_requests} open requests`}>
                    {client.open_document_requests}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div id="client-tab-panel" role="tabpanel" aria-label={CLIENT_TAB_LABELS[tab]} className="client-tab-panel">
        <TabContent tab={tab} client={client} />
      </div>
    </div>
  );
}

function TabContent({ tab, client }: { tab: ClientTab; client: ClientDetail }) {
  const Tab = TABS[tab];
  return (
    <Suspense fallback={<LoadingIndicator label={`Loading ${CLIENT_TAB_LABELS[tab].toLowerCase()}`} />}>
      <Tab client={client} />
    </Suspense>
  );
}

function ClientFreezeBanner({ client, freeze }: { client: ClientDetail; freeze: ClientFreeze }) {
  const { role, email } = session.value;
  const userId = client.registration?.user_id ?? null;
  const asker = freeze.lift_requested?.by.email.toLowerCase();
  return (
    <FreezeBanner
      freeze={freeze}
      requestLift={role === 'ADMIN' && userId !== null ? (reason, headers) => requestFreezeLift(userId, freeze.version, reason, headers) : null}
      approveLift={(role === 'ADMIN' || role === 'REVIEWER') && userId !== null && asker !== email?.toLowerCase() ? (headers) => approveFreezeLift(userId, freeze.version, headers) : null}
      endpoints={freezeLift}
    />
  );
}

function ClientHeader({ client }: { client: ClientDetail }) {
  const deadline = client.next_deadline;
  return (
    <header className="panel client-header">
      <div className="client-header__title">
        <h1 className="client-header__name" tabIndex={-1}>
          {client.legal_name}
        </h1>
        <StatusChip variant={CLIENT_STATUS_VARIANTS[client.status]}>{CLIENT_STATUS_LABELS[client.status]}</StatusChip>
        {client.frozen && <StatusChip variant="red">Frozen</StatusChip>}
      </div>
      <dl className="client-header__facts">
        <div>
          <dt>Trade licence</dt>
          <dd>{client.trade_licence_number}</dd>
        </div>
        <div>
          <dt>Licence expiry</dt>
          <dd>
            <StatusChip variant={expiryVariant(client.licence_days_left)}>{expiryText(client.licence_expires_on, client.licence_days_left)}</StatusChip>
          </dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>{client.subscription ? client.subscription.plan.name : 'No subscription'}</dd>
        </div>
        <div>
          <dt>Bookkeeper</dt>
          <dd>{personName(client.bookkeeper)}</dd>
        </div>
        <div>
          <dt>Next deadline</dt>
          <dd className={deadline && deadline.days_left < 0 ? 'client-header__late' : undefined}>
            {deadline ? `${deadline.title}, ${formatDubaiDate(deadline.due_on)} (${daysLeftText(deadline.days_left)})` : 'None'}
          </dd>
        </div>
      </dl>
    </header>
  );
}
