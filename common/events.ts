/**
 * Event kinds, one name each everywhere (audit table, timeline, its filter, notifications). Registration
 * events make a registration's timeline; user events are the staff administration audit.
 */
export const REGISTRATION_EVENT_KINDS = [
  'stage_reached',
  'assigned',
  'unassigned',
  'comment_added',
  'document_uploaded',
  'returned',
  'resubmitted',
  'approved',
  // The onboarding pipeline's actions (common/pipeline.ts), one kind each.
  'reminded',
  'verified',
  'withdrawn',
  'reinstated',
  'meeting_booked',
  'meeting_rescheduled',
  'meeting_cancelled',
  'meeting_held',
  'meeting_no_show',
  'submitted',
  'plan_set',
  'plan_approved',
  'payment_recorded',
  'activated',
] as const;
export type RegistrationEventKind = (typeof REGISTRATION_EVENT_KINDS)[number];

export const USER_EVENT_KINDS = ['invited', 'role_changed', 'deactivated', 'reactivated'] as const;
export type UserEventKind = (typeof USER_EVENT_KINDS)[number];

export const AUDIT_ENTITIES = ['registration', 'user'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What a notification is about: an event kind of the area that sent it, or the Settings page's demo test. */
export const NOTIFICATION_KINDS = [...REGISTRATION_EVENT_KINDS, 'test'] as const;
