/**
 * One onboarding call as an iCalendar file (RFC 5545): the few properties a calendar needs to show it and
 * to replace it when it is rescheduled (same UID, higher SEQUENCE) or cancelled (STATUS:CANCELLED). Times
 * are UTC ('Z'), which every calendar shows in its own zone; the description names the Dubai time too.
 */

export interface CalendarCall {
  uid: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  /** The video link or the office / phone number. */
  location: string;
  url: string | null;
  organizer: { name: string; email: string } | null;
  attendee: { name: string; email: string } | null;
  cancelled: boolean;
  stamp: Date;
}

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** '20260312T100000Z' */
const icsTime = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Parameter values with characters that need quoting are quoted; quotes themselves cannot appear in them. */
const param = (value: string) => {
  const clean = value.replace(/"/g, "'");
  return /[;:,]/.test(clean) ? `"${clean}"` : clean;
};

/** Lines longer than 75 octets are folded: CRLF and one space, without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function callToIcs(call: CalendarCall): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Staff console//Onboarding calls//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${call.uid}`,
    `SEQUENCE:${call.sequence}`,
    `DTSTAMP:${icsTime(call.stamp)}`,
    `DTSTART:${icsTime(call.startsAt)}`,
    `DTEND:${icsTime(call.endsAt)}`,
    `SUMMARY:${icsText(call.summary)}`,
    `DESCRIPTION:${icsText(call.description)}`,
    `LOCATION:${icsText(call.location)}`,
    ...(call.url ? [`URL:${call.url}`] : []),
    ...(call.organizer ? [`ORGANIZER;CN=${param(call.organizer.name)}:mailto:${call.organizer.email}`] : []),
    ...(call.attendee ? [`ATTENDEE;CN=${param(call.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${call.attendee.email}`] : []),
    `STATUS:${call.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
