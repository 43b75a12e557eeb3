/**
 * `npm run demo:resubmit -- client@example.com`: the client corrects and resubmits its returned
 * registration through the running `npm start` stack (the client app is not part of this console).
 * Environment: GATEWAY_PORT (8080) and AUTH_EMULATOR_PORT (9099), as for npm start.
 */
import { resubmitAsClient } from './lib/client-resubmit.ts';

const email = process.argv[2];
if (!email) {
  console.error('usage: npm run demo:resubmit -- <client e-mail>   (e.g. client@example.com)');
  process.exit(2);
}
const gatewayPort = process.env.GATEWAY_PORT ?? '8080';
const emulatorPort = process.env.AUTH_EMULATOR_PORT ?? '9099';
try {
  const registration = await resubmitAsClient({ gatewayUrl: `http://localhost:${gatewayPort}`, emulatorHost: `127.0.0.1:${emulatorPort}`, email });
  console.log(`demo:resubmit: ${registration.legal_name} (${registration.registration_id}) uploaded a renewed trade licence and resubmitted; status '${registration.status_label}'.`);
} catch (error) {
  console.error(`demo:resubmit: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
