/**
 * Demo saved views: a view the BD manager shares with the team on Due Diligence, a private one of the
 * administrator's on Clients, the service desk's queues (Tasks, On-demand requests, Chats, Unsynced Inv), and
 * one per growth, content and staff list (shared by the team's manager, the administrator's own on Users).
 * None is a default, so every list still opens plain.
 */
import type { Queryable } from '../../db/database.ts';

const VIEWS = [
  { owner: 'bd_manager@example.com', list: 'due-diligence', name: 'Trading companies', query: 'search=trading', shared: true },
  { owner: 'admin@example.com', list: 'clients', name: 'Licences expiring in 30 days', query: 'licence=30&sort=licence_expires_on', shared: false },
  // The service desk's queues (bulk-desk): work nobody holds yet, shared by the administrator with the team,
  // and a bookkeeper's own view of what waits on clients.
  { owner: 'admin@example.com', list: 'tasks', name: 'Unassigned and overdue', query: 'assignee=none&due=overdue', shared: true },
  { owner: 'admin@example.com', list: 'on-demand-requests', name: 'Open, nobody on it', query: 'assignee=none&view=open', shared: true },
  { owner: 'admin@example.com', list: 'chats', name: 'Unassigned chats', query: 'filter=unassigned', shared: true },
  { owner: 'bookkeeper@example.com', list: 'tasks', name: 'Waiting on clients', query: 'assignee=mine&status=waiting_on_client', shared: false },
  { owner: 'admin@example.com', list: 'unsynced-inv', name: 'Needs attention', query: 'state=needs_attention', shared: true },
  // Growth, content and staff lists (bulk-growth).
  { owner: 'bd_manager@example.com', list: 'contactus', name: 'New enquiries', query: 'status=new', shared: true },
  { owner: 'bd_manager@example.com', list: 'crm', name: 'Proposals out', query: 'stage=proposal_sent', shared: true },
  { owner: 'hr_manager@example.com', list: 'careers', name: 'Published posts', query: 'status=published', shared: true },
  { owner: 'admin@example.com', list: 'users', name: 'Administrators', query: 'roles=ADMIN', shared: false },
] as const;

export async function seedViews(tx: Queryable): Promise<void> {
  for (const view of VIEWS) {
    await tx.query(
      `INSERT INTO saved_views (owner_id, list, name, query, shared) SELECT id, $2, $3, $4, $5 FROM users WHERE lower(email) = $1`,
      [view.owner, view.list, view.name, view.query, view.shared],
    );
  }
}
