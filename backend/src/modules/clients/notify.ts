/**
 * Who hears of what in the clients area, written in the action's transaction (notifyUsers/notifyRoles), never
 * to the person who acted:
 * - a client moved to a bookkeeper or reviewer: that person;
 * - a report submitted: the client's reviewer, or every REVIEWER when it has none; approved or returned:
 *   whoever submitted it and the client's bookkeeper; published: the client (its user);
 * - a document asked of the client: the client; a document the client uploads: the bookkeeper;
 * - a deadline within 7 days: the bookkeeper, once (deadline-store.ts).
 * Links open the client page on the tab the news is about.
 */
import { formatIsoDate, monthLabel } from '../../../../common/calendar.ts';
import { CLIENT_DOCUMENT_KIND_LABELS, type ClientDocumentKind } from '../../../../common/clients.ts';
import { dueText, type ComputedDeadline } from '../../../../common/compliance.ts';
import type { NotificationRecord } from '../../../../common/contract/notifications.ts';
import { clientPath } from '../../../../common/links.ts';
import type { Queryable } from '../../db/database.ts';
import { notifyRoles, notifyUsers } from '../notifications/index.ts';
import { rolesThat } from '../../../../common/access.ts';

interface NotifiedClient {
  id: number;
  legal_name: string;
  bookkeeper_id: number | null;
  reviewer_id?: number | null;
  user_id?: number | null;
}

const others = (ids: readonly (number | null | undefined)[], actorId: number | null) =>
  ids.filter((id): id is number => typeof id === 'number' && id !== actorId);

export async function notifyTeamChanged(
  tx: Queryable,
  client: NotifiedClient,
  change: { bookkeeperId?: number | null; reviewerId?: number | null },
  actorId: number | null,
): Promise<NotificationRecord[]> {
  const link = clientPath(client.id);
  const sent: NotificationRecord[] = [];
  if (change.bookkeeperId) {
    sent.push(...(await notifyUsers(tx, others([change.bookkeeperId], actorId), { kind: 'team_changed', title: 'Client assigned to you', body: `You are now the bookkeeper of ${client.legal_name}.`, link })));
  }
  if (change.reviewerId) {
    sent.push(...(await notifyUsers(tx, others([change.reviewerId], actorId), { kind: 'team_changed', title: 'Client assigned to you', body: `You now review the reports of ${client.legal_name}.`, link })));
  }
  return sent;
}

export interface NotifiedReport {
  id: number;
  month: string;
  revision: number;
  submitted_by: number | null;
}

export async function notifyReportEvent(
  tx: Queryable,
  kind: 'report_submitted' | 'report_approved' | 'report_returned' | 'report_published',
  client: NotifiedClient,
  report: NotifiedReport,
  actorId: number | null,
  reason?: string,
): Promise<NotificationRecord[]> {
  const month = monthLabel(report.month);
  const link = clientPath(client.id, 'reports');
  switch (kind) {
    case 'report_submitted': {
      const notification = { kind, title: 'Monthly report to review', body: `The ${month} report of ${client.legal_name} is waiting for your review.`, link };
      if (client.reviewer_id) return notifyUsers(tx, others([client.reviewer_id], actorId), notification);
      return notifyRoles(tx, rolesThat('review-client-books'), notification, actorId);
    }
    case 'report_approved':
      return notifyUsers(tx, others([report.submitted_by, client.bookkeeper_id], actorId), {
        kind,
        title: 'Monthly report approved',
        body: `The ${month} report of ${client.legal_name} was approved and can be published.`,
        link,
      });
    case 'report_returned':
      return notifyUsers(tx, others([report.submitted_by, client.bookkeeper_id], actorId), {
        kind,
        title: 'Monthly report returned',
        body: `The ${month} report of ${client.legal_name} was returned: ${reason ?? ''}`.trim(),
        link,
      });
    case 'report_published':
      // The client reads it in its own app (me/monthly-reports); the link is the console's, for staff clients.
      return notifyUsers(tx, others([client.user_id], actorId), {
        kind,
        title: 'Your monthly report is ready',
        body: `Your ${month} report${report.revision > 1 ? ` (version ${report.revision})` : ''} has been published.`,
        link: null,
      });
  }
}

export async function notifyDocumentRequested(
  tx: Queryable,
  client: NotifiedClient,
  request: { kind: ClientDocumentKind; note: string; due_on: string | null },
  actorId: number | null,
): Promise<NotificationRecord[]> {
  const due = request.due_on ? ` by ${formatIsoDate(request.due_on)}` : '';
  return notifyUsers(tx, others([client.user_id], actorId), {
    kind: 'document_requested',
    title: 'Document requested',
    body: `Please upload your ${CLIENT_DOCUMENT_KIND_LABELS[request.kind].toLowerCase()}${due}: ${request.note}`,
    link: null,
  });
}

export async function notifyClientUpload(tx: Queryable, client: NotifiedClient, kind: ClientDocumentKind, actorId: number | null): Promise<NotificationRecord[]> {
  return notifyUsers(tx, others([client.bookkeeper_id], actorId), {
    kind: 'client_document_uploaded',
    title: 'Document received',
    body: `${client.legal_name} uploaded the ${CLIENT_DOCUMENT_KIND_LABELS[kind].toLowerCase()} you asked for.`,
    link: clientPath(client.id, 'documents'),
  });
}

export async function notifyDeadlineDueSoon(tx: Queryable, client: NotifiedClient, deadline: ComputedDeadline, daysLeft: number): Promise<NotificationRecord[]> {
  return notifyUsers(tx, others([client.bookkeeper_id], null), {
    kind: 'deadline_due_soon',
    title: `${deadline.title}: ${dueText(daysLeft).toLowerCase()}`,
    body: `${client.legal_name}: ${deadline.title} is due on ${formatIsoDate(deadline.due_on)}.`,
    link: clientPath(client.id, 'deadlines'),
  });
}
