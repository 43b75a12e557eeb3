/**
 * The pipeline's dialogs, one per action that asks for something (pipeline-actions.tsx opens them; loaded
 * with the first one opened, so the list pages' chunks stay small). Each write goes through useAction with
 * the version the page or row shows: 'Please Wait' while it runs, one success toast, the answer shown at
 * once and everything under 'registrations' read again; a 409 closes the dialog over the page, which reads
 * the latest version (a booking refused for the host's other call keeps its form instead).
 */
import type { ActionTarget, OpenDialog } from '../model.ts';
import { ApprovePlanDialog, ActivateDialog, PaymentDialog, PlanDialog } from './plan-dialogs.tsx';
import { MeetingDialog, OutcomeDialog, ReasonDialog } from './meeting-dialogs.tsx';
import { ReinstateDialog, VerifyProfileDialog, WithdrawDialog } from './record-dialogs.tsx';

export function ActionDialog({ open, target, onClose }: { open: OpenDialog; target: ActionTarget; onClose: () => void }) {
  if (typeof open === 'object') return <OutcomeDialog target={target} outcome={open.outcome} onClose={onClose} />;
  switch (open) {
    case 'verify_profile':
      return <VerifyProfileDialog target={target} onClose={onClose} />;
    case 'book_meeting':
    case 'reschedule_meeting':
      return <MeetingDialog target={target} reschedule={open === 'reschedule_meeting'} onClose={onClose} />;
    case 'cancel_meeting':
      return <ReasonDialog target={target} action="cancel_meeting" onClose={onClose} />;
    case 'withdraw':
      return <WithdrawDialog target={target} onClose={onClose} />;
    case 'reinstate':
      return <ReinstateDialog target={target} onClose={onClose} />;
    case 'set_plan':
      return <PlanDialog target={target} onClose={onClose} />;
    case 'approve_plan':
      return <ApprovePlanDialog target={target} onClose={onClose} />;
    case 'record_payment':
      return <PaymentDialog target={target} onClose={onClose} />;
    case 'activate':
      return <ActivateDialog target={target} onClose={onClose} />;
  }
}
