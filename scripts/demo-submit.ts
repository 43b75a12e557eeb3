/**
 * `npm run demo:submit -- client5@example.com`: after its onboarding call was marked held, the client uploads
 * the documents the call asked for and submits them, through the running `npm start` stack (the client app
 * is not part of this console). Environment: GATEWAY_PORT (8080) and AUTH_EMULATOR_PORT (9099), as for npm start.
 */
import { runClientCommand, submitAsClient } from './lib/client-resubmit.ts';

await runClientCommand('demo:submit', 'client5@example.com', submitAsClient, 'uploaded its documents and submitted them');
