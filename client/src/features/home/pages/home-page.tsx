import { useSignals } from '@preact/signals-react/runtime';
import type { WorkBlock, WorkItem } from '../../../../../common/contract/work.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { Button } from '../../../components/button.tsx';
import { NextUnassignedButton } from '../../../components/next-unassigned-button.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { formatDubaiDate, formatDubaiDateTime } from '../../../lib/dates.ts';
import { isRouteKey } from '../../../../../common/areas.ts';
import { useMyWork } from '../api.ts';
import { session } from '../../../state/session.ts';
import './home.css';

/**
 * Home as 'My work': every block of the signed-in user's own work from one call (GET me/work),
 * read again whenever the notification stream reports something, each block linking to its filtered list.
 */
export function HomePage() {
  useSignals();
  const { display_name } = session.value;
  const work = useMyWork();
  const blocks = work.data?.blocks ?? [];
  const waiting = blocks.filter((block) => block.count > 0 || block.next_queue !== null);
  return (
    <div className="home">
      <section className="home__welcome">
        <h2>Welcome back{display_name ? `, ${display_name}` : ''}</h2>
        <p>What waits on you now. Press Ctrl+K to find any record, ? for every shortcut.</p>
      </section>
      {work.isLoading ? (
        <LoadingIndicator label="Loading your work" />
      ) : work.error !== undefined && !work.data ? (
        <div className="panel home__empty" role="alert">
          <p>Your work could not be loaded.</p>
          <Button variant="outlined" onClick={work.refetch}>
            Retry
          </Button>
        </div>
      ) : waiting.length === 0 ? (
        <div className="panel home__empty">
          <h3>Nothing waits on you right now</h3>
          <p>New work for you shows here as it arrives.</p>
        </div>
      ) : (
        <ul className="home__blocks" aria-label="My work">
          {waiting.map((block) => (
            <li key={block.key}>
              <WorkPanel block={block} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function WorkPanel({ block }: { block: WorkBlock }) {
  const headingId = `home-${block.key.replace('.', '-')}`;
  return (
    <section className="panel home__block" aria-labelledby={headingId}>
      <header className="home__block-header">
        <h3 id={headingId}>{block.title}</h3>
        <AppLink href={block.href} className="home__block-count" aria-label={`${block.count} ${block.hint}: open the list`}>
          {block.count}
        </AppLink>
      </header>
      <p className="home__block-hint">{block.hint}</p>
      {block.items.length > 0 && (
        <ul className="home__items">
          {block.items.map((item) => (
            <li key={item.id}>
              <Item item={item} />
            </li>
          ))}
        </ul>
      )}
      <footer className="home__block-footer">
        {block.next_queue !== null && isRouteKey(block.next_queue) && <NextUnassignedButton queue={block.next_queue} disabled={block.count === 0} />}
        <AppLink href={block.href} className="home__block-link">
          Open list
        </AppLink>
      </footer>
    </section>
  );
}

function Item({ item }: { item: WorkItem }) {
  const when = item.at === null ? null : item.at.length === 10 ? formatDubaiDate(item.at) : formatDubaiDateTime(item.at);
  return (
    <AppLink href={item.href} className="home__item">
      <span className="home__item-title">{item.title}</span>
      {item.subtitle && <span className="home__item-subtitle">{item.subtitle}</span>}
      {when && <span className={item.overdue ? 'home__item-when home__item-when--overdue' : 'home__item-when'}>{item.overdue ? `Overdue · ${when}` : when}</span>}
    </AppLink>
  );
}
