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

/**
 * A client's timeline: its own events (entity 'client'), its subscriptions' ('subscription') and its monthly
 * reports' ('monthly_report'), read together by the client's id.
 */
export const CLIENT_EVENT_KINDS = [
  'client_activated',
  'profile_updated',
  'team_changed',
  'subscription_started',
  'plan_change_scheduled',
  'plan_change_withdrawn',
  'subscription_renewed',
  'subscription_paused',
  'subscription_resumed',
  'subscription_cancelled',
  'client_document_uploaded',
  'document_requested',
  'document_request_cancelled',
  'report_created',
  'report_file_uploaded',
  'report_updated',
  'report_submitted',
  'report_approved',
  'report_returned',
  'report_published',
  'report_superseded',
  'insights_updated',
  'insights_imported',
  'deadline_filed',
] as const;
export type ClientEventKind = (typeof CLIENT_EVENT_KINDS)[number];

/** Notifications of the clients area that are not events of a record: a deadline coming up (sent once). */
export const CLIENT_NOTICE_KINDS = ['deadline_due_soon'] as const;

// Work at speed (issue 22): saved views and bulk jobs are audited like every other write.
export const SPEED_EVENT_KINDS = ['view_saved', 'view_updated', 'view_deleted', 'bulk_started'] as const;
export type SpeedEventKind = (typeof SPEED_EVENT_KINDS)[number];

export const AUDIT_ENTITIES = ['registration', 'user', 'client', 'subscription', 'monthly_report', 'saved_view', 'bulk_job'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What a notification is about: an event kind of the area that sent it, or the Settings page's demo test. */
export const NOTIFICATION_KINDS = [...REGISTRATION_EVENT_KINDS, ...CLIENT_EVENT_KINDS, ...CLIENT_NOTICE_KINDS, 'test'] as const;
