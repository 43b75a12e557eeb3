/** `npm run demo:accept-quote -- client@example.com`: the client accepts every quote waiting for it (running `npm start`). */
import type { MyRequest, MyRequests } from '../common/contract/requests.ts';
import { requestOf } from '../common/contract/endpoint.ts';
import { requestsRoutes } from '../common/contract/requests-paths.ts';
import { runDeskCommand } from './lib/client-desk.ts';

await runDeskCommand('demo:accept-quote', async (call) => {
  const waiting = (await call<MyRequests>(requestOf(requestsRoutes.mine).path)).results.filter((request) => request.quote?.status === 'pending');
  if (waiting.length === 0) return 'no quote is waiting for acceptance.';
  const accepted: MyRequest[] = [];
  for (const request of waiting) accepted.push(await call<MyRequest>(requestOf(requestsRoutes.acceptQuote, { requestId: request.id }).path, {}));
  return `accepted ${accepted.map((request) => `request ${request.id} (AED ${(request.quote!.total_fils / 100).toFixed(2)})`).join(', ')}.`;
});
