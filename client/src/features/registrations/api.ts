import type { RegistrationExportQuery, RegistrationListItem, RegistrationQuery } from '../../../../common/contract/registrations.ts';
import { registrationPaths } from '../../../../common/contract/registrations-paths.ts';
import type { Page } from '../../../../common/contract/shared.ts';
import { exportFileName } from '../../../../common/onboarding.ts';
import { api } from '../../lib/api.ts';

export function fetchRegistrations(query: RegistrationQuery, signal: AbortSignal): Promise<Page<RegistrationListItem>> {
  return api<Page<RegistrationListItem>>(registrationPaths.list, { query, signal });
}

/** Downloads every row matching the list's filters as CSV (the back end streams it) and saves it. */
export async function downloadRegistrationsCsv(query: RegistrationExportQuery): Promise<void> {
  const file = await api<Blob>(registrationPaths.export, { query, responseType: 'blob' });
  const url = URL.createObjectURL(file);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(query.queue);
    link.click();
  } finally {
    // The click has handed the blob to the download by now; keep it a moment for slower browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
