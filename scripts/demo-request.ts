/**
 * `npm run demo:request -- client@example.com [type]`: the client asks for an on-demand service (a salary
 * certificate by default; any code of GET request-types/) with a small PDF attached, through the running
 * `npm start` stack. `npm run demo:accept-quote -- client@example.com` then accepts the staff's quote.
 */
import type { MyRequest } from '../common/contract/requests.ts';
import { requestOf } from '../common/contract/endpoint.ts';
import { requestsRoutes } from '../common/contract/requests-paths.ts';
import { makePdf } from '../backend/src/demo/files.ts';
import { runDeskCommand } from './lib/client-desk.ts';

await runDeskCommand('demo:request', async (call, type) => {
  const request = await call<MyRequest>(requestOf(requestsRoutes.mine).path, {
    type: type ?? 'salary_certificate',
    details: 'Please issue a salary certificate for our operations manager, Mr. Ahmed Saleh, addressed to Emirates NBD for a personal loan.',
    attachments: [{ file_name: 'passport-copy.pdf', content_type: 'application/pdf', content_base64: makePdf('Passport copy', ['Ahmed Saleh', 'Demo document']).toString('base64') }],
  });
  return `request ${request.id} (${request.type.name}) is ${request.status}.`;
});
