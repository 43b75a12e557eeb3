/** The goAML register's constants, apart from aml-paths.ts so the Due Diligence pages' chunk does not carry them. */
/** goAML register entry types: suspicious transaction / activity report, fund freeze report, partial name match report. */
export const REGISTER_TYPES = ['str', 'sar', 'ffr', 'pnmr'] as const;
export type RegisterType = (typeof REGISTER_TYPES)[number];
export const REGISTER_TYPE_LABELS: Record<RegisterType, string> = { str: 'STR: suspicious transaction report', sar: 'SAR: suspicious activity report', ffr: 'FFR: fund freeze report', pnmr: 'PNMR: partial name match report' };
export const REGISTER_STATES = ['open', 'filed'] as const;
export type RegisterState = (typeof REGISTER_STATES)[number];
/** goAML's deadline: five business days from the decision (UAE working days, common/uae-holidays.ts). */
export const GOAML_DEADLINE_WORKING_DAYS = 5;
export const MAX_REGISTER_NOTES = 4000;
