/**
 * A stand-in back end for the API-path bench and the soak, as its own process: answers every /api/ request
 * with a users/me-sized JSON body at once, so the figures measure the path in front of it. The parent sets a
 * fault over IPC ({fault: 'none' | 'slow' | 'down' | 'reset'}): slow answers after SLOW_MS, down refuses
 * connections (the listener closes), reset destroys each request's socket without an answer.
 * Sends {port} over IPC once listening; the port stays the same across down and up.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

type Fault = 'none' | 'slow' | 'down' | 'reset';
const SLOW_MS = Number(process.env.SLOW_MS ?? 2000);
const BODY = JSON.stringify({
  id: 17,
  email: 'bench.user@example.com',
  display_name: 'Bench User',
  role: 'BD_MANAGER',
  profile_picture: null,
  is_active: true,
  date_joined: '2026-01-05T08:30:00.000Z',
  last_login: '2026-11-23T07:12:44.000Z',
});

let fault: Fault = 'none';
const sockets = new Set<Socket>();

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function createStub(): Server {
  const server = createServer({ keepAliveTimeout: 65_000 }, (request, response) => {
    if (fault === 'reset') {
      request.socket.destroy();
      return;
    }
    const answer = () => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(BODY) });
      response.end(BODY);
    };
    if (fault === 'slow') setTimeout(answer, SLOW_MS);
    else answer();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return server;
}

let server = createStub();
const port = await listen(server, Number(process.env.PORT ?? 0));
process.send?.({ port });

process.on('message', (message: { fault: Fault }) => {
  const previous = fault;
  fault = message.fault;
  if (fault === 'down' && previous !== 'down') {
    server.close();
    for (const socket of sockets) socket.destroy();
  } else if (fault !== 'down' && previous === 'down') {
    server = createStub();
    void listen(server, port);
  }
  process.send?.({ fault });
});
process.once('SIGTERM', () => process.exit(0));
