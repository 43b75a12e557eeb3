/**
 * The API description as the build writes it (docs/api/openapi.json): generated from the routes the back end
 * registers, on a throw-away in-memory database with no demo data, so it depends on the code alone.
 */
import { writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBackend } from '../../backend/src/app.ts';
import { loadConfig } from '../../backend/src/config.ts';
import { openApiDocument } from '../../backend/src/lib/openapi.ts';
import { bulkActionsOf } from '../../backend/src/lib/work-registry.ts';
import { MODULES } from '../../backend/src/modules/index.ts';

export const API_DOCUMENT = join(fileURLToPath(new URL('../..', import.meta.url)), 'docs/api/openapi.json');

export async function generateApiDocument(): Promise<string> {
  // Only what the app needs to build: no token is verified and nothing is listened on.
  const app = await buildBackend(loadConfig({ FIREBASE_PROJECT_ID: 'api-document', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', CLIENT_JOBS_INTERVAL_MS: '0' }));
  try {
    await app.ready();
    return openApiDocument(app, bulkActionsOf(MODULES));
  } finally {
    await app.close();
  }
}

export async function writeApiDocument(): Promise<void> {
  await mkdir(dirname(API_DOCUMENT), { recursive: true });
  await writeFile(API_DOCUMENT, await generateApiDocument());
}
