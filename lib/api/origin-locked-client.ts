/**
 * The ky instance every request goes through. The API key is attached only after checking the
 * request is for the configured origin, and redirects are never followed (`redirect: 'manual'`),
 * so neither a crafted path nor a redirect to another origin can carry the key away.
 */
import ky, { type KyInstance } from 'ky';
import { ApiError } from './errors';

export interface OriginLockedClientOptions {
  /** Read before each request, so a changed key applies at once. */
  getKey: () => string | Promise<string>;
  /** Defaults to the global `fetch` at request time. */
  fetch?: typeof globalThis.fetch;
  /**
   * Runs before each request is sent (the extension checks configuration and the host
   * permission here); throw an ApiError to stop the request.
   */
  preflight?: () => void | Promise<void>;
}

export function createOriginLockedClient(
  origin: string,
  options: OriginLockedClientOptions,
): KyInstance {
  return ky.create({
    // Never follow a redirect: see the top of this file.
    redirect: 'manual',
    // Extensions never need cookies for this API; the key is the only credential.
    credentials: 'omit',
    cache: 'no-store',
    // Resolved at request time so a test can swap the global, and so `this` is right.
    fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init),
    hooks: {
      beforeRequest: [
        async ({ request }) => {
          await options.preflight?.();
          // Defence in depth: the paths cannot leave the origin (api-paths.ts), but the key is
          // only ever attached after checking.
          if (new URL(request.url).origin !== origin) {
            throw new ApiError('not-configured', {
              message: 'Refusing to send the API key to another origin',
              setup: 'other-origin',
            });
          }
          request.headers.set('Authorization', `Bearer ${await readKey(options.getKey)}`);
        },
      ],
    },
  });
}

async function readKey(getKey: OriginLockedClientOptions['getKey']): Promise<string> {
  const key = (await getKey()).trim();
  if (key === '')
    throw new ApiError('not-configured', { message: 'No API key is set', setup: 'no-key' });
  // A header value must be visible ASCII; anything else could never be a valid key and would
  // make fetch throw a bare TypeError.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError('unauthorized', {
      message: 'The API key contains characters an API key cannot have (spaces or non-ASCII)',
      setup: 'key-characters',
    });
  }
  return key;
}
