/**
 * Who hears of what in the website enquiries area: a new enquiry tells every user of the Website Enquiries
 * page (through the notification stream it appears live, and the page's list and nav count refresh on it).
 */
import { ENQUIRY_KIND_LABELS, enquiryPagePath, type EnquiryKind } from '../../../../common/contract/enquiries-paths.ts';
import type { Queryable } from '../../db/database.ts';
import { notifyRoles } from '../notifications/index.ts';
import { rolesThat } from '../../../../common/access.ts';

export async function notifyEnquiryReceived(tx: Queryable, enquiry: { id: number; kind: EnquiryKind; name: string; company: string | null }): Promise<void> {
  await notifyRoles(tx, rolesThat('hear-of-enquiries'), {
    kind: 'enquiry_received',
    title: `New enquiry: ${ENQUIRY_KIND_LABELS[enquiry.kind]}`,
    body: `${enquiry.name}${enquiry.company ? ` of ${enquiry.company}` : ''} sent the ${ENQUIRY_KIND_LABELS[enquiry.kind]} form.`,
    link: enquiryPagePath(enquiry.kind, enquiry.id),
  });
}
