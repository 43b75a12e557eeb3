/** The CRM's calls (common/contract/crm.ts) and cache keys; every key starts with 'crm', which every write invalidates. */
import type { ActivityBody, crmEndpoints, LeadQuery, LeadStage, NewLeadBody, UpdateLeadBody } from '../../../../common/contract/crm.ts';
import { crmChanges, crmRoutes } from '../../../../common/contract/crm-paths.ts';
import { clientEndpoints } from '../../lib/endpoints.ts';
import { refreshOnRecordChange } from '../../lib/notification-events.ts';
import { call } from '../../lib/call.ts';
import { useQuery } from '../../lib/use-query.ts';

export const crm = clientEndpoints<typeof crmEndpoints>('crm', crmRoutes, crmChanges);

export const crmKeys = {
  all: ['crm'] as const,
  list: (query: LeadQuery) => ['crm', 'list', query] as const,
  board: (query: object) => ['crm', 'board', query] as const,
  lead: (id: number) => ['crm', 'lead', id] as const,
  owners: ['crm', 'owners'] as const,
};

// An open lead follows a change someone else made to it.
refreshOnRecordChange('lead', ({ id }) => [crmKeys.lead(id), ['crm', 'list'], ['crm', 'board']]);

type Headers = Record<string, string>;

export const fetchLeads = (query: LeadQuery, signal: AbortSignal) => call(crm.leads, { query, signal });
export const useBoard = (query: { owner_id?: number; search?: string }) => useQuery(crmKeys.board(query), (signal) => call(crm.board, { query, signal }));
export const useLead = (id: number) => useQuery(crmKeys.lead(id), (signal) => call(crm.lead, { params: { id }, signal }), { notify: (error) => (error as { status?: number }).status !== 404 });
export const useOwners = () => useQuery(crmKeys.owners, (signal) => call(crm.owners, { signal }));

export const createLead = (body: NewLeadBody, headers: Headers) => call(crm.createLead, { body, headers });
export const updateLead = (id: number, body: UpdateLeadBody, headers: Headers) => call(crm.updateLead, { params: { id }, body, headers });
export const moveLead = (id: number, body: { version: number; stage: LeadStage; reason?: string }, headers: Headers) => call(crm.stage, { params: { id }, body, headers });
export const addActivity = (id: number, body: ActivityBody, headers: Headers) => call(crm.activities, { params: { id }, body, headers });
export const inviteLead = (id: number, version: number, headers: Headers) => call(crm.invite, { params: { id }, body: { version }, headers });
