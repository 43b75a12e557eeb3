/** Registration stages in pipeline order (spec section 4); the stepper and the back end share this list. */
export const STAGES = [
  'signed_up',
  'completed_registration',
  'profile_verified',
  'meeting_scheduled',
  'documents_submitted',
  'payment_completed',
  'account_activated',
] as const;

export type Stage = (typeof STAGES)[number];

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}

/** The step titles the back end returns as status_text. */
export const STAGE_TITLES: Record<Stage, string> = {
  signed_up: 'Signed Up',
  completed_registration: 'Completed Registration',
  profile_verified: 'Profile Verified',
  meeting_scheduled: 'Meeting Scheduled',
  documents_submitted: 'Documents Submitted',
  payment_completed: 'Payment Completed',
  account_activated: 'Account Activated',
};

/** Step status values; 'active' and 'completed' both count as completed in the stepper. */
export type StepStatus = 'completed' | 'active' | 'pending';

export function isStepCompleted(status: string): boolean {
  return status === 'completed' || status === 'active';
}

/** Registration status labels the due-diligence list colours (spec section 4). */
export const REGISTRATION_STATUS = {
  awaitingDocuments: 'Awaiting Documents',
  pendingDueDiligence: 'Pending Due Diligence',
} as const;
