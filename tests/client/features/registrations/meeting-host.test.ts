/**
 * The Book call dialog's host until one is chosen: the signed-in user when they may host (not the first name in
 * the alphabet), the call's own host when rescheduling, and nobody when the caller may not host.
 */
import { describe, expect, it } from 'vitest';
import { defaultMeetingHost } from '../../../../client/src/features/registrations/model.ts';

// As the server answers them: sorted by name, so the first is not the caller.
const hosts = [
  { id: 3, email: 'aaliyah.fernandes@example.com' },
  { id: 11, email: 'bd_exec@example.com' },
  { id: 12, email: 'bd_manager@example.com' },
];

describe('the Book call dialog’s host', () => {
  it('is the signed-in user when they may host, whatever the e-mail’s case', () => {
    expect(defaultMeetingHost(hosts, 'bd_exec@example.com', null)).toBe(11);
    expect(defaultMeetingHost(hosts, 'BD_Manager@Example.com', null)).toBe(12);
  });

  it('is nobody, not the first host, when the caller may not host', () => {
    expect(defaultMeetingHost(hosts, 'admin@example.com', null)).toBeNull();
    expect(defaultMeetingHost(hosts, null, null)).toBeNull();
    expect(defaultMeetingHost([], 'bd_exec@example.com', null)).toBeNull();
  });

  it('is the call’s own host when rescheduling', () => {
    expect(defaultMeetingHost(hosts, 'bd_exec@example.com', { host: { id: 12 } })).toBe(12);
  });
});
