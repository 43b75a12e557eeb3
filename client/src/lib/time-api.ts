/**
 * Time (time-entries/, me/timer, timesheets/; common/contract/time.ts): the endpoints and the writes. They sit
 * in lib/ because several areas use them: the top bar's timer, the Timesheet page, and 'Log time' on a task's
 * and a request's page (components/time-entry-dialog.tsx). Reads go through useEndpoint(time.<name>), keyed
 * under 'time', the area every write here changes, so a write refreshes the timer, the week and the pickers
 * together.
 */
import type { NewTimeEntryBody, ReturnTimesheetBody, timeEndpoints, TimerStartBody, TimerStopBody, UpdateTimeEntryBody } from '../../../common/contract/time.ts';
import { timeRoutes } from '../../../common/contract/time-paths.ts';
import { call } from './call.ts';
import { clientEndpoints } from './endpoints.ts';

export const time = clientEndpoints<typeof timeEndpoints>('time', timeRoutes);

type Headers = Record<string, string>;

export const createTimeEntry = (body: NewTimeEntryBody, headers: Headers) => call(time.create, { body, headers });
export const updateTimeEntry = (entryId: number, body: UpdateTimeEntryBody, headers: Headers) => call(time.update, { params: { entryId }, body, headers });
export const deleteTimeEntry = (entryId: number, version: number, headers: Headers) => call(time.remove, { params: { entryId }, body: { version }, headers });
export const startTimer = (body: TimerStartBody, headers: Headers) => call(time.startTimer, { body, headers });
export const stopTimer = (body: TimerStopBody, headers: Headers) => call(time.stopTimer, { body, headers });
export const submitWeek = (userId: number, week: string, version: number, headers: Headers) => call(time.submit, { params: { userId, week }, body: { version }, headers });
export const approveWeek = (userId: number, week: string, version: number, headers: Headers) => call(time.approve, { params: { userId, week }, body: { version }, headers });
export const returnWeek = (userId: number, week: string, body: ReturnTimesheetBody, headers: Headers) => call(time.return, { params: { userId, week }, body, headers });
