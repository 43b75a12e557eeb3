/**
 * Counts beside navigation entries (registrations waiting, unread chats...). The shell does not know the
 * areas: the composition root provides the hook that asks each of them (config/nav-counts.ts), so an area
 * adds its count there in one line, as it adds its pages to config/pages.tsx.
 */
import { createContext } from 'react';
import type { RouteKey } from '../../../common/access.ts';
import type { Role } from '../../../common/roles.ts';

/** A count beside an entry and what it means to a screen reader after the number (' waiting', ' unread'). */
export interface NavCount {
  count: number | undefined;
  words: string;
}

export type NavCounts = Partial<Record<RouteKey, NavCount>>;

/** The signed-in role's counts; a role without an entry's page gets none for it. */
export type UseNavCounts = (role: Role | null) => NavCounts;

export const NavCountsContext = createContext<UseNavCounts>(() => ({}));
