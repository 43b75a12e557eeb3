/**
 * One rule per kind of date, said the same way by the back end (its refusal) and the console (the field's
 * hint). Dates are Dubai calendar days (YYYY-MM-DD), compared with today in Dubai.
 *
 * - A due date (a task's, a document request's) is not in the past when it is set or changed: a date already
 *   passed stays as it is (it shows overdue) until someone changes it.
 * - A trade licence's expiry is not in the past when it is entered: an expired licence is renewed, and the
 *   renewed licence's expiry entered.
 * - A published job post's 'published until' is not in the past: a post whose window has closed is closed,
 *   not published.
 */
import type { IsoDate } from './calendar.ts';

export const DATE_RULES = {
  due: { hint: 'Today or later', refusal: 'must not be in the past' },
  licenceExpiry: { hint: 'Today or later: an expired licence is renewed first', refusal: "must not be in the past: enter the renewed licence's expiry date" },
  publishUntil: { hint: 'Today or later for a published post', refusal: 'must not be in the past for a published post: close the post instead' },
} as const;

/** Whether `date` breaks the not-in-the-past rule on `today`. */
export const inThePast = (date: IsoDate, today: IsoDate): boolean => date < today;
