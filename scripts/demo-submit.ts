/**
 * `npm run demo:submit -- client5@example.com`: after its onboarding call was marked held, the client uploads
 * the documents the call asked for and submits them, through the running `npm start` stack (the client app
 * is not part of this console). Environment: GATEWAY_PORT (8080) and AUTH_EMULATOR_PORT (9099), as for npm start.
 */
import { submitAsClient } from './lib/client-resubmit.ts';

const email = process.argv[2];
if (!email) {
  console.error('usage: npm run demo:submit -- <client e-mail>   (e.g. client5@example.com)');
  process.exit(2);
}
const gatewayPort = process.env.GATEWAY_PORT ?? '8080';
const emulatorPort = process.env.AUTH_EMULATOR_PORT ?? '9099';
try {
  const registration = await submitAsClient({ gatewayUrl: `http://localhost:${gatewayPort}`, emulatorHost: `127.0.0.1:${emulatorPort}`, email });
  console.log(`demo:submit: ${registration.legal_name} (${registration.registration_id}) uploaded its documents and submitted them; status '${registration.status_label}'.`);
} catch (error) {
  console.error(`demo:submit: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
