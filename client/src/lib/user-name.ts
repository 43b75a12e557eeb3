/** The name shown for a user: the display name, or the spec's default when there is none ('Unknow User', spelt so). */
export const UNKNOWN_USER_NAME = 'Unknow User';

export function userDisplayName(displayName: string | null | undefined): string {
  return displayName?.trim() || UNKNOWN_USER_NAME;
}

/**
 * Up to two initials of a name, for an avatar without a picture: the first letter or digit of each of its
 * first two words that have one, markup-like tags left out, so '<b>Zed</b> "Quinn"' gives 'ZQ', not '<"'.
 */
export function initials(name: string): string {
  return name
    .replace(/<\/?[a-z][^<>]*>/gi, ' ')
    .split(/\s+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .map((letter) => letter.toUpperCase())
    .join('');
}

/** Who a record names (an assignee, an author, an actor): the fields every PersonRef answers with. */
export type NamedPerson = { display_name: string | null; email: string };

/**
 * A person as the console names them: their display name, else their e-mail; `none` when nobody is named
 * (each page says it its way: 'Unassigned' on a task, 'No owner' on a lead).
 */
export const personName = (person: NamedPerson | null | undefined, none = 'someone'): string => (person ? (person.display_name ?? person.email) : none);
