/**
 * Invoices below HTTP, split by concern: issuing (issue.ts), the reads (reads.ts), the sync-state actions
 * (sync-actions.ts) and credit notes (credit-notes.ts). This file keeps one import path for the module's callers.
 */
export * from './issue.ts';
export * from './reads.ts';
export * from './sync-actions.ts';
export * from './credit-notes.ts';
