/**
 * Migration 33: monthly-insights. The figures of a client's month in fils (bigint: a large client's month can
 * pass the AED 21 million an integer of fils holds), versioned so two people editing a month do not overwrite
 * each other unseen.
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 33,
  name: 'monthly-insights',
  statements: [
    `CREATE TABLE monthly_insights (
       client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
       month date NOT NULL CHECK (extract(day FROM month) = 1),
       revenue_fils bigint NOT NULL CHECK (revenue_fils >= 0),
       expenses_fils bigint NOT NULL CHECK (expenses_fils >= 0),
       net_profit_fils bigint NOT NULL,
       cash_at_bank_fils bigint NOT NULL,
       vat_payable_fils bigint NOT NULL,
       version integer NOT NULL DEFAULT 1,
       updated_by integer REFERENCES users (id) ON DELETE SET NULL,
       updated_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
       PRIMARY KEY (client_id, month)
     )`,
  ],
};
