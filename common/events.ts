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
  // The AML freeze on the registration (and the client it became): a confirmed match, a lift asked for, approved.
  'frozen',
  'freeze_lift_requested',
  'freeze_lifted',
] as const;
export type RegistrationEventKind = (typeof REGISTRATION_EVENT_KINDS)[number];

export const USER_EVENT_KINDS = [
  'invited',
  'role_changed',
  'deactivated',
  'reactivated',
  // AML: the compliance officer mark, which opens the goAML register.
  'compliance_officer_changed',
  // Staff security: on the user whose sessions or access it concerns.
  'signed_out_everywhere',
  'admin_network_refused',
  'audit_exported',
  // The second factor: a sign-in is the code check of a new sign-in (its auth_time), by code or recovery code.
  'signed_in',
  'second_factor_enrolled',
  'second_factor_failed',
  'second_factor_locked',
  'second_factor_reset',
  // Reads worth a record: a list's CSV export, a document's download.
  'list_exported',
  'document_downloaded',
  // An ADMIN lifted another's lock after wrong codes.
  'second_factor_unlocked',
] as const;
export type UserEventKind = (typeof USER_EVENT_KINDS)[number];

/** Events that record a read (an export of the audit trail), not a change: an accepted GET may add one. */
export const READ_EVENT_KINDS: readonly UserEventKind[] = ['audit_exported', 'list_exported', 'document_downloaded'];

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

// ---- service desk: tasks, on-demand requests, chats
export const TASK_EVENT_KINDS = [
  'task_created',
  'task_updated',
  'task_assigned',
  'task_status_changed',
  'task_sent_for_review',
  'task_approved',
  'task_returned',
  'task_commented',
  // recurring templates (entity task_template)
  'task_template_created',
  'task_template_updated',
  'task_template_paused',
  'task_template_resumed',
] as const;
export type TaskEventKind = (typeof TASK_EVENT_KINDS)[number];

export const REQUEST_EVENT_KINDS = [
  'request_created',
  'request_assigned',
  'request_status_changed',
  'request_quoted',
  'request_quote_accepted',
  'request_converted',
  'request_declined',
] as const;
export type RequestEventKind = (typeof REQUEST_EVENT_KINDS)[number];

// A posted message is an event too (entity 'conversation'): its Idempotency-Key is what a retried post finds.
// A canned reply's changes are entity 'canned_reply'.
export const CHAT_EVENT_KINDS = ['chat_assigned', 'chat_status_changed', 'chat_reminder_set', 'chat_reminder_cancelled', 'chat_message_posted', 'canned_reply_created', 'canned_reply_updated', 'canned_reply_deleted'] as const;
export type ChatEventKind = (typeof CHAT_EVENT_KINDS)[number];

/** Notifications of the service desk that are not audit events: scheduled notices and chat traffic. */
export const SERVICE_DESK_NOTICE_KINDS = ['task_due_soon', 'chat_message', 'chat_reminder'] as const;
// ---- end service desk


// Invoices: an invoice's or credit note's own events (entity 'invoice').
export const INVOICE_EVENT_KINDS = ['invoice_issued', 'credit_note_issued', 'invoice_retry_requested', 'invoice_marked_synced'] as const;
export type InvoiceEventKind = (typeof INVOICE_EVENT_KINDS)[number];
/** Notifications of the accounting sync: an invoice stopped for a person, or synced after failing. */
export const INVOICE_NOTICE_KINDS = ['invoice_needs_attention', 'invoice_synced'] as const;

// E-invoicing: a person asking an e-invoice to be sent again (entity 'invoice'), a client's readiness edited (entity 'client').
export const EINVOICE_EVENT_KINDS = ['einvoice_send_requested', 'einvoicing_profile_updated'] as const;
export type EinvoiceEventKind = (typeof EINVOICE_EVENT_KINDS)[number];
/** Notifications of the e-invoicing worker: the ASP rejected a document (the bookkeeper and ADMINs act on it). */
export const EINVOICE_NOTICE_KINDS = ['einvoice_rejected'] as const;


// Growth and content: website enquiries, CRM leads, job posts and applications, FAQs.
export const GROWTH_EVENT_KINDS = [
  'enquiry_received',
  'enquiry_status_changed',
  'enquiry_assigned',
  'enquiry_note_added',
  'enquiry_merged',
  'enquiry_converted',
  'lead_created',
  'lead_updated',
  'lead_stage_changed',
  'lead_activity_added',
  'lead_won',
  'job_created',
  'job_updated',
  'application_received',
  'application_status_changed',
  'application_note_added',
  'faq_created',
  'faq_updated',
  'faq_moved',
] as const;
export type GrowthEventKind = (typeof GROWTH_EVENT_KINDS)[number];
/** Growth notifications that are not events of a record: a lead's follow-up date passed (sent once per date). */
export const GROWTH_NOTICE_KINDS = ['lead_follow_up_due'] as const;


// Work at speed: saved views and bulk jobs are audited like every other write.
export const SPEED_EVENT_KINDS = ['view_saved', 'view_updated', 'view_deleted', 'bulk_started'] as const;
export type SpeedEventKind = (typeof SPEED_EVENT_KINDS)[number];

// AML due diligence: parties, screening decisions, list imports, the risk rating, the freeze.
export const AML_EVENT_KINDS = ['party_added', 'party_updated', 'party_removed', 'match_false_positive', 'match_confirmed', 'risk_rated', 'edd_approved', 'list_imported', 'register_entry_opened', 'register_entry_updated', 'file_purged', 'legal_hold_set', 'legal_hold_lifted', 'edd_evidence_added', 'file_exported', 'list_version_held', 'list_version_approved', 'list_version_rejected', 'match_delisted', 'match_delisting_closed', 'match_countersigned', 'match_sent_back', 'match_reopened', 'party_withdrawn'] as const;
export type AmlEventKind = (typeof AML_EVENT_KINDS)[number];
/** The AML events a registration's timeline shows beside its own: every screening decision, countersign, send-back and reopening. */
export const AML_TIMELINE_KINDS = ['match_false_positive', 'match_confirmed', 'match_countersigned', 'match_sent_back', 'match_reopened'] as const satisfies readonly AmlEventKind[];
export type AmlTimelineKind = (typeof AML_TIMELINE_KINDS)[number];
/** Who hears of AML work: a client frozen by a confirmed match (ADMIN, compliance officers), potential matches to decide. */
export const AML_NOTICE_KINDS = ['client_frozen', 'screening_potential_match', 'list_version_pending', 'screening_summary'] as const;

// Time (the firm's own numbers): entries, the timer, weekly timesheets.
export const TIME_EVENT_KINDS = [
  'time_entry_created',
  'time_entry_updated',
  'time_entry_deleted',
  'timer_started',
  'timer_stopped',
  'timesheet_submitted',
  'timesheet_approved',
  'timesheet_returned',
] as const;
export type TimeEventKind = (typeof TIME_EVENT_KINDS)[number];

// Budgets and capacity: a staff member's weekly capacity and leave days (entity 'user'), the hours a plan includes (entity 'plan').
export const CAPACITY_EVENT_KINDS = ['capacity_changed', 'leave_recorded', 'leave_removed', 'plan_hours_changed'] as const;
export type CapacityEventKind = (typeof CAPACITY_EVENT_KINDS)[number];
/** A client's time logged in a month reached 80 % or 100 % of its plan's hours (sent once a month per threshold). */
export const CAPACITY_NOTICE_KINDS = ['client_budget_reached'] as const;

// The firm's own numbers: a member of staff's hourly cost rate, set by ADMIN (its value is in the event, which only ADMIN reads).
export const PRACTICE_EVENT_KINDS = ['cost_rate_set'] as const;
export type PracticeEventKind = (typeof PRACTICE_EVENT_KINDS)[number];

export const AUDIT_ENTITIES = ['registration', 'user', 'client', 'subscription', 'monthly_report', /* service desk */ 'task', 'service_request', 'conversation', 'canned_reply', /* invoices */ 'invoice', /* growth */ 'enquiry', 'lead', 'job_post', 'job_application', 'faq', /* work at speed */ 'saved_view', 'bulk_job', /* recurring tasks */ 'task_template', /* AML */ 'aml_party', 'aml_match', 'aml_file', 'aml_list', 'aml_register', /* time */ 'time_entry', 'timer', 'timesheet', /* budgets and capacity */ 'plan', /* the firm's own numbers */ 'cost_rate'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Every kind the audit trail records: an area adds its kinds' type here, and writeAudit (backend/src/lib/audit.ts) takes them. */
export type AuditEventKind =
  | RegistrationEventKind
  | UserEventKind
  | ClientEventKind
  | TaskEventKind
  | RequestEventKind
  | ChatEventKind
  | InvoiceEventKind
  | EinvoiceEventKind
  | GrowthEventKind
  | SpeedEventKind
  | AmlEventKind
  | TimeEventKind
  | CapacityEventKind
  | PracticeEventKind;

/** What a notification is about: an event kind of the area that sent it, or the Settings page's demo test. */
export const NOTIFICATION_KINDS = [
  ...REGISTRATION_EVENT_KINDS,
  ...CLIENT_EVENT_KINDS,
  ...CLIENT_NOTICE_KINDS,
  // service desk
  ...TASK_EVENT_KINDS,
  ...REQUEST_EVENT_KINDS,
  ...CHAT_EVENT_KINDS,
  ...SERVICE_DESK_NOTICE_KINDS,
  // invoices
  ...INVOICE_EVENT_KINDS,
  ...INVOICE_NOTICE_KINDS,
  // e-invoicing
  ...EINVOICE_EVENT_KINDS,
  ...EINVOICE_NOTICE_KINDS,
  // growth and content
  ...GROWTH_EVENT_KINDS,
  ...GROWTH_NOTICE_KINDS,
  // AML due diligence
  ...AML_EVENT_KINDS,
  ...AML_NOTICE_KINDS,
  // time: a week submitted (to its approvers), approved or returned (to its user)
  'timesheet_submitted',
  'timesheet_approved',
  'timesheet_returned',
  // budgets and capacity
  ...CAPACITY_NOTICE_KINDS,
  // staff security: an administrator reset the user's second factor
  'second_factor_reset',
  'test',
] as const;
