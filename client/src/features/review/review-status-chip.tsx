import { REGISTRATION_STATUS } from '../../../../common/stages.ts';

/** The registration status in the due-diligence list's colours: Awaiting Documents purple, Pending Due Diligence red, others plain. */
export function ReviewStatusChip({ status }: { status: string }) {
  const tone = status === REGISTRATION_STATUS.awaitingDocuments ? 'purple' : status === REGISTRATION_STATUS.pendingDueDiligence ? 'red' : 'neutral';
  return <span className={`review-chip review-chip--${tone}`}>{status}</span>;
}
