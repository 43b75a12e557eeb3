/** A user's fields: each one's label (its schemas' title) and limits, for the contract and the console. */
import { fieldSheet } from './field.ts';
import { MAX_DISPLAY_NAME_LENGTH } from './users-paths.ts';

export const userFields = fieldSheet({
  role: { label: 'Role' },
  name: { label: 'Name', min: 1, max: MAX_DISPLAY_NAME_LENGTH },
});
