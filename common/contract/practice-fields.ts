/** A profitability row's fields: each one's label, for the report's columns, its sort and its CSV. */
import { fieldSheet } from './field.ts';

export const profitabilityFields = fieldSheet({
  name: { label: 'Name' },
  revenue: { label: 'Revenue' },
  minutes: { label: 'Time (h:mm)' },
  cost: { label: 'Cost' },
  margin: { label: 'Margin' },
  marginPercent: { label: 'Margin %' },
  utilisation: { label: 'Utilisation' },
});
