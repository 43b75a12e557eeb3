import { AppLink } from './app-link.tsx';

interface RecordNotFoundProps {
  /** What was asked for, in the singular ('Registration'). */
  what: string;
  /** The list the record would be on, so there is a way on from here. */
  list: { name: string; path: string };
}

/**
 * A record that does not exist, whether the server said so (404) or the address could not name one
 * (/details/abc): the same page either way, with the record's list linked.
 */
export function RecordNotFound({ what, list }: RecordNotFoundProps) {
  return (
    <section className="panel record-not-found">
      <h1 className="record-not-found__title">{what} not found</h1>
      <p>There is no {what.toLowerCase()} at this address. It may have been removed, or the link is wrong.</p>
      <AppLink href={list.path} className="button button--outlined">
        Go to {list.name}
      </AppLink>
    </section>
  );
}
