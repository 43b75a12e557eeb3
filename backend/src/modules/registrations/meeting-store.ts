/**
 * The onboarding call (common/pipeline.ts rows book_meeting, reschedule_meeting, cancel_meeting, mark_held,
 * mark_no_show): booked in Dubai time on working days, never overlapping another call of the same host, as
 * an .ics file, and its outcome. Double booking is prevented under concurrency by a transaction-scoped
 * advisory lock per host: two bookings of one host queue on it, and the second sees the first's call.
 */
import type { CancelMeetingBody, MeetingBody, MeetingMention, MeetingOutcomeBody, MeetingRecord, RegistrationReview } from '../../../../common/contract/registrations.ts';
import type { PersonRef } from '../../../../common/contract/shared.ts';
import { dubaiClock, dubaiInstant, formatDubaiDateTime, formatDubaiDay, formatDubaiTime } from '../../../../common/dubai-time.ts';
import {
  MAX_BOOKING_DAYS_AHEAD,
  MEETING_HOURS,
  MEETING_MODE_LABELS,
  MEETING_PLACE_LABELS,
  REQUIRED_DOCUMENTS,
  actionRoles,
  holidayRefusal,
  callStarted,
  phaseOf,
  pipelineAction,
  suggestedCallTime,
  type MeetingMode,
} from '../../../../common/pipeline.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { HttpError, conflict, invalidInput, notFound } from '../../lib/http-error.ts';
import { callToIcs } from './ics.ts';
import { meetingById } from './records.ts';
import { staffWhoSee } from './review-read.ts';
import { staffWrite } from './staff-write.ts';
import { assignList, insertList } from '../../lib/table.ts';
import { NEW_MEETING_FIELDS, OUTCOME_FIELDS, RESCHEDULE_FIELDS, type MeetingColumns } from './meeting-table.ts';
import { applyTransition, findRegistration, type Actor } from './transition.ts';

const RESCHEDULE_ASSIGNMENTS = assignList(RESCHEDULE_FIELDS, 2);
const NEW_MEETING_INSERT = insertList(NEW_MEETING_FIELDS);
const OUTCOME_ASSIGNMENTS = assignList(OUTCOME_FIELDS, 2);

/** 'CALL' in ASCII: the advisory lock class of hosts' calendars (the second key is the host's user id). */
const HOST_LOCK = 0x43414c4c;

/** Staff who may host a call: those who may book one (the Registration page's roles), active. */
export const listHosts = (db: Queryable): Promise<PersonRef[]> => staffWhoSee(db, actionRoles('book_meeting'));

/** The time rules that need no database: a future working-day slot within office hours, a link that fits the mode. */
function checkSlot(body: MeetingBody, now: number): { startsAt: Date; endsAt: Date } {
  const startsAt = new Date(body.starts_at);
  if (Number.isNaN(startsAt.getTime())) throw invalidInput('starts_at', 'must be a date and time');
  const endsAt = new Date(startsAt.getTime() + body.duration_minutes * 60_000);
  if (startsAt.getTime() <= now) throw invalidInput('starts_at', 'must be in the future');
  if (startsAt.getTime() > now + MAX_BOOKING_DAYS_AHEAD * 86_400_000) throw invalidInput('starts_at', `must be within ${MAX_BOOKING_DAYS_AHEAD} days`);
  const start = dubaiClock(startsAt);
  const end = dubaiClock(endsAt);
  if (start.weekday > 5) throw invalidInput('starts_at', 'must be on a working day (Monday to Friday, Dubai time)');
  const holiday = holidayRefusal(start.date);
  if (holiday) throw invalidInput('starts_at', holiday);
  const hours = `${formatDubaiTime(dubaiInstant(start.date, MEETING_HOURS.from))} and ${formatDubaiTime(dubaiInstant(start.date, MEETING_HOURS.to))}`;
  if (start.minutes < MEETING_HOURS.from || end.date !== start.date || end.minutes > MEETING_HOURS.to) {
    throw invalidInput('starts_at', `must leave the call between ${hours} Dubai time`);
  }
  const where = body.link_or_location.trim();
  // Named as the form labels the field in this mode ('Phone number must be ...'), not by the schema's generic title.
  const place = (problem: string) => new HttpError(400, 'INVALID_INPUT', `${MEETING_PLACE_LABELS[body.mode]} ${problem}.`, 'link_or_location');
  if (body.mode === 'video' && !/^https:\/\/\S+$/.test(where)) throw place('must be the https:// link of the video call');
  if (body.mode === 'phone' && !/^\+?[\d\s()-]{7,20}$/.test(where)) throw place('must be a number to call, such as +971 4 123 4567');
  if (where.length < 3) throw place('must say where the meeting is');
  return { startsAt, endsAt };
}

async function requireHost(tx: Queryable, hostId: number): Promise<PersonRef> {
  const [host] = await tx.query<PersonRef & { role: string; active: boolean }>('SELECT id, display_name, email, role, active FROM users WHERE id = $1', [hostId]);
  if (!host || !host.active || !(actionRoles('book_meeting') as readonly string[]).includes(host.role)) {
    throw invalidInput('host_id', 'must be an active staff member who hosts onboarding calls');
  }
  return { id: host.id, display_name: host.display_name, email: host.email };
}

/** 409 naming the host's other call that overlaps [startsAt, endsAt), if there is one. */
async function refuseDoubleBooking(tx: Queryable, host: PersonRef, startsAt: Date, endsAt: Date, ownCall: number | null): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [HOST_LOCK, host.id]);
  const [other] = await tx.query<Pick<MeetingColumns, 'starts_at' | 'ends_at'> & { legal_name: string; registration_id: string }>(
    `SELECT m.starts_at, m.ends_at, r.legal_name, r.registration_id
     FROM registration_meetings m JOIN registrations r ON r.id = m.registration_id
     WHERE m.host_id = $1 AND m.status = 'scheduled' AND r.status = 'active' AND m.starts_at < $3 AND m.ends_at > $2 AND m.id IS DISTINCT FROM $4
     ORDER BY m.starts_at LIMIT 1`,
    [host.id, startsAt, endsAt, ownCall],
  );
  if (other) {
    throw conflict(
      `${host.display_name ?? host.email} already has a call from ${formatDubaiTime(other.starts_at)} to ${formatDubaiTime(other.ends_at)} on ` +
        `${formatDubaiDay(dubaiClock(other.starts_at).date)} (Dubai time) with ${other.legal_name} (${other.registration_id}). Choose another time or host.`,
    );
  }
}

/** A stored call as the timeline tells it. */
const mentionOf = (call: MeetingRecord): MeetingMention => ({
  id: call.id,
  starts_at: call.starts_at,
  duration_minutes: call.duration_minutes,
  host: call.host,
  mode: call.mode,
  link_or_location: call.link_or_location,
});

const mention = (id: number, call: { startsAt: Date; endsAt: Date; mode: MeetingMode; where: string }, host: PersonRef): MeetingMention => ({
  id,
  starts_at: call.startsAt.toISOString(),
  duration_minutes: Math.round((call.endsAt.getTime() - call.startsAt.getTime()) / 60_000),
  host,
  mode: call.mode,
  link_or_location: call.where,
});

/**
 * PUT meeting: books the call of a verified profile, or reschedules the booked (or missed) one. A booked
 * call is moved in place (same call, its .ics SEQUENCE grows); after a no-show a new call is booked and the
 * missed one stays on record.
 */
export function bookMeeting(db: Database, userId: number, body: MeetingBody, actor: Actor): Promise<RegistrationReview> {
  const { startsAt, endsAt } = checkSlot(body, Date.now());
  const where = body.link_or_location.trim();
  const reschedules = (phase: ReturnType<typeof phaseOf>) => (pipelineAction('reschedule_meeting').from as readonly string[]).includes(phase);
  return staffWrite(
    db,
    (row) => (reschedules(phaseOf(row)) ? 'reschedule_meeting' : 'book_meeting'),
    userId,
    actor,
    body.version,
    async (tx, registration, action) => {
      const host = await requireHost(tx, body.host_id);
      const current = await meetingById(tx, registration.meeting_id);
      const movesInPlace = action === 'reschedule_meeting' && current?.status === 'scheduled';
      await refuseDoubleBooking(tx, host, startsAt, endsAt, movesInPlace ? current.id : null);
      const call = { startsAt, endsAt, mode: body.mode, where };
      let meetingId: number;
      if (movesInPlace) {
        await tx.query(
          `UPDATE registration_meetings SET ${RESCHEDULE_ASSIGNMENTS}, sequence = sequence + 1 WHERE id = $1`,
          [current.id, startsAt, endsAt, host.id, body.mode, where],
        );
        meetingId = current.id;
      } else {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO registration_meetings ${NEW_MEETING_INSERT.columns} VALUES ${NEW_MEETING_INSERT.values} RETURNING id`,
          [registration.id, host.id, startsAt, endsAt, body.mode, where, actor.actorId],
        );
        meetingId = row!.id;
      }
      const previous = current && action === 'reschedule_meeting' ? mentionOf(current) : null;
      await applyTransition(tx, registration, {
        action,
        actor,
        data: { meeting: mention(meetingId, call, host), ...(action === 'reschedule_meeting' ? { previous } : {}) },
        changes: { meeting_id: meetingId, meeting_at: startsAt, ...(movesInPlace ? {} : { meeting_booked_by: actor.actorId }) },
        notify: { hostId: host.id, previousHostId: current?.host.id ?? null, startsAt, mode: body.mode, linkOrLocation: where },
      });
    },
  );
}

/** DELETE meeting: the call is off (a missed one stays 'no_show' on record); back to profile_verified. */
export function cancelMeeting(db: Database, userId: number, body: CancelMeetingBody, actor: Actor): Promise<RegistrationReview> {
  const reason = body.reason.trim();
  if (reason === '') throw invalidInput('reason', 'must not be blank');
  return staffWrite(db, 'cancel_meeting', userId, actor, body.version, async (tx, registration) => {
    const current = await meetingById(tx, registration.meeting_id);
    if (!current) throw conflict('This registration has no call to cancel.');
    const upcoming = current.status === 'scheduled';
    await tx.query(`UPDATE registration_meetings SET status = CASE WHEN status = 'scheduled' THEN 'cancelled' ELSE status END, cancel_reason = $2 WHERE id = $1`, [current.id, reason]);
    await applyTransition(tx, registration, {
      action: 'cancel_meeting',
      actor,
      data: {
        meeting: mentionOf(current),
        reason,
      },
      changes: { meeting_id: null, meeting_at: null, meeting_booked_by: null },
      ...(upcoming ? { notify: { hostId: current.host.id } } : {}),
    });
  });
}

/**
 * POST meeting/outcome. Held or no-show only once the call has started (common/pipeline.ts callStarted): a
 * call brought forward is rescheduled to its real time first. Held asks the client for the documents
 * (requested_on).
 */
export function recordOutcome(db: Database, userId: number, body: MeetingOutcomeBody, actor: Actor): Promise<RegistrationReview> {
  const action = body.outcome === 'held' ? 'mark_held' : 'mark_no_show';
  const notes = body.notes.trim();
  return staffWrite(db, action, userId, actor, body.version, async (tx, registration) => {
    const current = await meetingById(tx, registration.meeting_id);
    if (!current || current.status !== 'scheduled') throw conflict(pipelineAction(action).notNow);
    const now = new Date();
    if (!callStarted(current.starts_at, now.getTime())) {
      const when = `The call starts on ${formatDubaiDateTime(Date.parse(current.starts_at))} (Dubai time)`;
      throw conflict(
        body.outcome === 'no_show'
          ? `${when}: a client cannot miss it before then.`
          : // Booking takes only a future working-day time, so that is the time the message offers.
            `${when}: it can be marked held once it has started. To move it, reschedule it to a working-day time ahead, such as ${formatDubaiDateTime(suggestedCallTime(now.getTime()))} (Dubai time).`,
      );
    }
    await tx.query(`UPDATE registration_meetings SET ${OUTCOME_ASSIGNMENTS} WHERE id = $1`, [current.id, body.outcome, notes, actor.actorId, now]);
    await applyTransition(tx, registration, {
      action,
      actor,
      data: { meeting_id: current.id, notes },
      ...(body.outcome === 'held' ? { changes: { requested_on: now }, notify: { documents: REQUIRED_DOCUMENTS } } : {}),
    });
  });
}

export interface CalendarFile {
  fileName: string;
  content: string;
}

/** GET meeting/calendar: the registration's current call as an .ics file (404 when it has none). */
export async function meetingCalendar(db: Queryable, userId: number): Promise<CalendarFile> {
  const registration = await findRegistration(db, userId);
  const call = await meetingById(db, registration.meeting_id);
  if (!call) throw notFound('Call of this registration');
  const [client] = await db.query<{ display_name: string | null; email: string }>('SELECT display_name, email FROM users WHERE id = $1', [userId]);
  const startsAt = new Date(call.starts_at);
  const content = callToIcs({
    uid: `onboarding-call-${call.id}@staff-console`,
    sequence: call.sequence,
    startsAt,
    endsAt: new Date(call.ends_at),
    summary: `Onboarding call: ${registration.legal_name}`,
    description: [
      `${registration.legal_name} (${registration.registration_id})`,
      `${MEETING_MODE_LABELS[call.mode]} call on ${formatDubaiDateTime(startsAt)} Dubai time, ${call.duration_minutes} minutes.`,
      `Host: ${call.host.display_name ?? call.host.email}`,
      `Where: ${call.link_or_location}`,
    ].join('\n'),
    location: call.link_or_location,
    url: call.mode === 'video' ? call.link_or_location : null,
    organizer: { name: call.host.display_name ?? call.host.email, email: call.host.email },
    attendee: client ? { name: client.display_name ?? client.email, email: client.email } : null,
    cancelled: call.status === 'cancelled',
    stamp: new Date(),
  });
  return { fileName: `onboarding-call-${registration.registration_id}.ics`, content };
}
