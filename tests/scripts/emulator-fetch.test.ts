import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorFetch } from '../../scripts/lib/emulator-fetch.ts';
import { freePort } from '../../scripts/lib/processes.ts';

let server: Server;
let url: string;
let requests = 0;

beforeAll(async () => {
  // The second request is dropped unanswered, as the emulator does when it closes an idle kept-alive connection.
  server = createServer((request, response) => {
    requests += 1;
    if (requests === 2) request.socket.destroy();
    else response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('emulatorFetch', () => {
  it('sends a request again, once, when the connection is closed under it', async () => {
    expect(await (await emulatorFetch(url)).text()).toBe('ok');
    expect(await (await emulatorFetch(url)).text()).toBe('ok');
    expect(requests).toBe(3);
  });

  it('does not retry other failures', async () => {
    const before = requests;
    await expect(emulatorFetch(`http://127.0.0.1:${await freePort()}/`)).rejects.toThrow(TypeError);
    expect(requests).toBe(before);
  });
});
