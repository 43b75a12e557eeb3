/**
 * fetch for the Auth emulator's REST API. The emulator closes idle kept-alive connections on its own
 * schedule; on a loaded machine a request can go out on one just as it closes ('other side closed',
 * UND_ERR_SOCKET), before the emulator read it. That one case is retried once; any other failure is not.
 */
export async function emulatorFetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!isClosedKeptAliveSocket(error)) throw error;
    return fetch(url, init);
  }
}

function isClosedKeptAliveSocket(error: unknown): boolean {
  return error instanceof TypeError && (error.cause as { code?: unknown } | undefined)?.code === 'UND_ERR_SOCKET';
}

/** Signs in through the emulator's REST API, as the web SDK does, and returns the real ID token. */
export async function emulatorIdToken(emulatorHost: string, email: string, password: string): Promise<string> {
  const response = await emulatorFetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in failed for ${email}: ${JSON.stringify(body)}`);
  return body.idToken;
}
