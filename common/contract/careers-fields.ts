/** The careers area's fields (a job, an application): each one's label (its schemas' title), limits and option labels, for the contract and the console. */
import { APPLICATION_STATUS_LABELS, JOB_LOCATION_LABELS, JOB_STATUS_LABELS, JOB_TYPE_LABELS, MAX_APPLICATION_NOTE_LENGTH, MAX_JOB_DESCRIPTION_LENGTH } from './careers-paths.ts';
import { fieldSheet } from './field.ts';

export const jobFields = fieldSheet({
  title: { label: 'Title', min: 1, max: 120 },
  department: { label: 'Department', min: 1, max: 80 },
  location: { label: 'Location', options: JOB_LOCATION_LABELS },
  type: { label: 'Type', options: JOB_TYPE_LABELS },
  status: { label: 'Status', options: JOB_STATUS_LABELS },
  description: { label: 'Description', min: 1, max: MAX_JOB_DESCRIPTION_LENGTH },
});

export const applicationFields = fieldSheet({
  status: { label: 'Status', options: APPLICATION_STATUS_LABELS },
  /** A staff note on an application. */
  note: { label: 'Note', min: 1, max: MAX_APPLICATION_NOTE_LENGTH },
});
