/** The review feature's calls: one typed function per endpoint of common/contract/registrations.ts. */
import { IDEMPOTENCY_HEADER } from '../../../../common/contract/http.ts';
import type { AssignBody, RegistrationReview, ReturnBody, TimelineEvent, UserStatusResponse } from '../../../../common/contract/registrations.ts';
import { registrationPaths } from '../../../../common/contract/registrations-paths.ts';
import type { PersonRef } from '../../../../common/contract/shared.ts';
import { api } from '../../lib/api.ts';

/** One key per user action: the API client's retry of the same call (after a token refresh) sends it again and acts once. */
const once = () => ({ [IDEMPOTENCY_HEADER]: crypto.randomUUID() });

export const fetchReview = (userId: string, signal?: AbortSignal) => api<RegistrationReview>(registrationPaths.review(userId), { signal });

export const fetchTimeline = (userId: string, signal?: AbortSignal) => api<TimelineEvent[]>(registrationPaths.events(userId), { signal });

export const fetchStatus = (userId: string, signal?: AbortSignal) => api<UserStatusResponse>(registrationPaths.status(userId), { signal });

export const fetchAssignees = (signal?: AbortSignal) => api<PersonRef[]>(registrationPaths.assignees, { signal });

export const fetchDocumentFile = (userId: string | number, documentId: number, signal?: AbortSignal) =>
  api<Blob>(registrationPaths.document(userId, documentId), { responseType: 'blob', signal });

export const assign = (userId: string | number, body: AssignBody) =>
  api<RegistrationReview>(registrationPaths.assign(userId), { method: 'POST', body, headers: once() });

export const approve = (userId: string | number, version: number) =>
  api<RegistrationReview>(registrationPaths.approve(userId), { method: 'POST', body: { version }, headers: once() });

export const returnForCorrection = (userId: string | number, body: ReturnBody) =>
  api<RegistrationReview>(registrationPaths.return(userId), { method: 'POST', body, headers: once() });

export const addComment = (userId: string | number, text: string) =>
  api<TimelineEvent[]>(registrationPaths.comments(userId), { method: 'POST', body: { text }, headers: once() });
