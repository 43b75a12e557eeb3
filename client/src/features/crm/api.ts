/** The CRM's calls (common/contract/crm.ts) and cache keys; every key starts with 'crm', which every write invalidates. */
import type { ActivityBody, Board, InviteLeadResponse, LeadDetail, LeadItem, LeadQuery, LeadStage, NewLeadBody, UpdateLeadBody } from '../../../../common/contract/crm.ts';
import { crmPaths } from '../../../../common/contract/crm-paths.ts';
import type { Page, PersonRef } from '../../../../common/contract/shared.ts';
import { api } from '../../lib/api.ts';
import { useQuery } from '../../lib/use-query.ts';

export const crmKeys = {
  all: ['crm'] as const,
  list: (query: LeadQuery) => ['crm', 'list', query] as const,
  board: (query: object) => ['crm', 'board', query] as const,
  lead: (id: number) => ['crm', 'lead', id] as const,
  owners: ['crm', 'owners'] as const,
};

type Headers = Record<string, string>;

export const fetchLeads = (query: LeadQuery, signal: AbortSignal) => api<Page<LeadItem>>(crmPaths.leads, { query, signal });
export const useBoard = (query: { owner_id?: number; search?: string }) => useQuery(crmKeys.board(query), (signal) => api<Board>(crmPaths.board, { query, signal }));
export const useLead = (id: number) => useQuery(crmKeys.lead(id), (signal) => api<LeadDetail>(crmPaths.lead(id), { signal }), { notify: (error) => (error as { status?: number }).status !== 404 });
export const useOwners = () => useQuery(crmKeys.owners, (signal) => api<PersonRef[]>(crmPaths.owners, { signal }));

export const createLead = (body: NewLeadBody, headers: Headers) => api<LeadItem>(crmPaths.leads, { method: 'POST', body, headers });
export const updateLead = (id: number, body: UpdateLeadBody, headers: Headers) => api<LeadItem>(crmPaths.lead(id), { method: 'PUT', body, headers });
export const moveLead = (id: number, body: { version: number; stage: LeadStage; reason?: string }, headers: Headers) => api<LeadItem>(crmPaths.stage(id), { method: 'POST', body, headers });
export const addActivity = (id: number, body: ActivityBody, headers: Headers) => api<LeadDetail>(crmPaths.activities(id), { method: 'POST', body, headers });
export const inviteLead = (id: number, version: number, headers: Headers) => api<InviteLeadResponse>(crmPaths.invite(id), { method: 'POST', body: { version }, headers });
