/**
 * The service desk's timelines say who did what once, and what a status changed to:
 * 'Requested by Layla Mansour' (not 'Requested by the client by Layla Mansour'), 'Status changed from New to
 * In progress by ...'.
 */
import { describe, expect, it } from 'vitest';
import { timelineText as requestLine } from '../../../client/src/features/on-demand-requests/model.ts';
import { timelineText as taskLine } from '../../../client/src/features/tasks/model.ts';

const layla = { id: 7, display_name: 'Layla Mansour', email: 'layla@example.com' };
const omar = { id: 3, display_name: 'Omar Haddad', email: 'omar@example.com' };

describe('request timeline', () => {
  it('names the client once', () => {
    expect(requestLine({ kind: 'request_created', actor: layla, data: {} })).toBe('Requested by Layla Mansour');
    expect(requestLine({ kind: 'request_quote_accepted', actor: layla, data: {} })).toBe('Quote accepted by Layla Mansour');
  });
  it('says what the status changed to', () => {
    expect(requestLine({ kind: 'request_status_changed', actor: omar, data: { from: 'new', to: 'in_progress' } })).toBe('Status changed from New to In progress by Omar Haddad');
  });
});

describe('task timeline', () => {
  it('says what the status changed to', () => {
    expect(taskLine({ kind: 'task_status_changed', actor: omar, data: { from: 'to_do', to: 'waiting_on_client' } })).toBe('Status changed from To do to Waiting on client by Omar Haddad');
    expect(taskLine({ kind: 'task_returned', actor: null, data: {} })).toBe('Returned by the system');
  });
});
