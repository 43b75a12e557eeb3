/**
 * `npm run demo:resubmit -- client@example.com`: the client corrects and resubmits its returned
 * registration through the running `npm start` stack (the client app is not part of this console).
 * Environment: GATEWAY_PORT (8080) and AUTH_EMULATOR_PORT (9099), as for npm start.
 */
import { resubmitAsClient, runClientCommand } from './lib/client-resubmit.ts';

await runClientCommand('demo:resubmit', 'client@example.com', resubmitAsClient, 'uploaded a renewed trade licence and resubmitted');
