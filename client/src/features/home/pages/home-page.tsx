import { useSignals } from '@preact/signals-react/runtime';
import { navEntries, navForRole } from '../../../../../common/access.ts';
import { isStaffRole } from '../../../../../common/roles.ts';
import { Card } from '../../../components/card.tsx';
import { Icon } from '../../../components/icon.tsx';
import { session } from '../../../state/session.ts';
import './home.css';

/** A greeting and a shortcut card for every page the role may open, read from the route table. */
export function HomePage() {
  useSignals();
  const { display_name, role } = session.value;
  const entries = isStaffRole(role)
    ? navEntries(navForRole(role)).filter((entry) => entry.id !== 'home')
    : [];
  return (
    <div className="home">
      <section className="home__welcome">
        <h2>Welcome back{display_name ? `, ${display_name}` : ''}</h2>
        <p>Pick up where you left off.</p>
      </section>
      <ul className="home__grid" aria-label="Shortcuts">
        {entries.map((entry) => (
          <li key={entry.id}>
            <Card url={entry.path}>
              <span className="home__card-icon">
                <Icon name={entry.icon} />
              </span>
              <span className="home__card-name">{entry.name}</span>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
