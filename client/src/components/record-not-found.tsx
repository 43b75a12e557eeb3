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
      {/* A sentence, whichever case the page names its record in ('job post' -> 'Job post not found'). */}
      <h1 className="record-not-found__title">{what.charAt(0).toUpperCase() + what.slice(1)} not found</h1>
      <p>There is no {what.toLowerCase()} at this address. It may have been removed, or the link is wrong.</p>
      <AppLink href={list.path} className="button button--outlined">
        Go to {list.name}
      </AppLink>
    </section>
  );
}

/**
 * The same answer inside a dialog or pane a link opened (`?task=`, `?request=`, `?conversation=`): a record
 * that is missing or not the user's to open is said once, in place of the spinner, with no toast; any other
 * failure already had its toast, so the pane only says it could not be loaded.
 */
export function RecordMissing({ what, notFound }: { what: string; notFound: boolean }) {
  return (
    <p className="record-missing" role="status">
      {notFound ? `${what} not found. It may have been removed, or it is not yours to open.` : `The ${what.toLowerCase()} could not be loaded.`}
    </p>
  );
}
