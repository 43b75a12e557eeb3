/**
 * `npm run demo:chat -- client@example.com "Any news on our VAT return?"`: the client posts a chat message
 * through the running `npm start` stack; the bookkeeper's open console shows it live. GATEWAY_PORT and
 * AUTH_EMULATOR_PORT as for npm start.
 */
import type { ChatMessage } from '../common/contract/chats.ts';
import { requestOf } from '../common/contract/endpoint.ts';
import { chatsRoutes } from '../common/contract/chats-paths.ts';
import { runDeskCommand } from './lib/client-desk.ts';

await runDeskCommand('demo:chat', async (call, text) => {
  const message = await call<ChatMessage>(requestOf(chatsRoutes.myMessages).path, { body: text ?? `Hello, any news on our VAT return? (${new Date().toISOString().slice(11, 19)} UTC)` });
  return `posted message ${message.id} in conversation ${message.conversation_id}.`;
});
