/** The review feature's calls: one typed function per endpoint of common/api-contract.ts. */
import {
  apiPaths,
  IDEMPOTENCY_HEADER,
  type AssignBody,
  type PersonRef,
  type RegistrationReview,
  type ReturnBody,
  type TimelineEvent,
  type UserStatusResponse,
} from '../../../../common/api-contract.ts';
import { api } from '../../lib/api.ts';

/** One key per user action: the API client's retry of the same call (after a token refresh) sends it again and acts once. */
const once = () => ({ [IDEMPOTENCY_HEADER]: crypto.randomUUID() });

export const fetchReview = (userId: string, signal?: AbortSignal) => api<RegistrationReview>(apiPaths.registrationReview(userId), { signal });

export const fetchTimeline = (userId: string, signal?: AbortSignal) => api<TimelineEvent[]>(apiPaths.registrationEvents(userId), { signal });

export const fetchStatus = (userId: string, signal?: AbortSignal) => api<UserStatusResponse>(apiPaths.userStatus(userId), { signal });

export const fetchAssignees = (signal?: AbortSignal) => api<PersonRef[]>(apiPaths.reviewAssignees, { signal });

export const fetchDocumentFile = (userId: string | number, documentId: number, signal?: AbortSignal) =>
  api<Blob>(apiPaths.registrationDocument(userId, documentId), { responseType: 'blob', signal });

export const assign = (userId: string | number, body: AssignBody) =>
  api<RegistrationReview>(apiPaths.registrationAssign(userId), { method: 'POST', body, headers: once() });

export const approve = (userId: string | number, version: number) =>
  api<RegistrationReview>(apiPaths.registrationApprove(userId), { method: 'POST', body: { version }, headers: once() });

export const returnForCorrection = (userId: string | number, body: ReturnBody) =>
  api<RegistrationReview>(apiPaths.registrationReturn(userId), { method: 'POST', body, headers: once() });

export const addComment = (userId: string | number, text: string) =>
  api<TimelineEvent[]>(apiPaths.registrationComments(userId), { method: 'POST', body: { text }, headers: once() });
