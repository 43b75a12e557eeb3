/**
 * Migration 106: company-tin. The company's Tax Identification Number, asked for at plan approval beside the
 * TRN the client gave (a business with a TRN has its first 10 digits as its TIN; one without gives it), so the
 * client it becomes at activation is addressed on its first e-invoice (rule ibr-080).
 */
import type { Migration } from './migration.ts';

export const migration: Migration = {
  id: 106,
  name: 'company-tin',
  statements: ["ALTER TABLE company_profiles ADD COLUMN tin text CHECK (tin ~ '^[0-9]{10}$')"],
};
