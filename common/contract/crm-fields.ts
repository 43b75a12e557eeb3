/** A lead's fields: each one's label (its schemas' title), limits and option labels, for the contract and the console. */
import { fieldSheet } from './field.ts';
import { ACTIVITY_KIND_LABELS, LEAD_SOURCE_LABELS, LEAD_STAGE_LABELS, MAX_LEAD_COMPANY_LENGTH, MAX_LEAD_CONTACT_LENGTH, MAX_LEAD_PHONE_LENGTH } from './crm-paths.ts';

export const leadFields = fieldSheet({
  company: { label: 'Company', min: 1, max: MAX_LEAD_COMPANY_LENGTH },
  contact: { label: 'Contact', min: 1, max: MAX_LEAD_CONTACT_LENGTH },
  phone: { label: 'Phone', max: MAX_LEAD_PHONE_LENGTH },
  owner: { label: 'Owner' },
  nextFollowUp: { label: 'Next follow-up' },
  stage: { label: 'Stage', options: LEAD_STAGE_LABELS },
  source: { label: 'Source', options: LEAD_SOURCE_LABELS },
  activity: { label: 'Activity', options: ACTIVITY_KIND_LABELS },
});
