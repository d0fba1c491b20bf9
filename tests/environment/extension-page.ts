/**
 * The test stand-in for an extension page: happy-dom for the DOM, but Node's own fetch family.
 *
 * happy-dom's fetch behaves like a web page at http://localhost:3000 and applies CORS to every
 * request. An extension page that holds host permission for the service's origin is not subject
 * to CORS, so a test through happy-dom's fetch would pass or fail for the wrong reasons (and any
 * peer without CORS headers would look unreachable). Node's fetch is the WHATWG fetch without a
 * page origin: the closer stand-in. AbortController/AbortSignal and URL classes stay Node's too,
 * because Node's fetch only accepts its own.
 */
import type { Environment } from 'vitest/runtime';
import { builtinEnvironments } from 'vitest/runtime';

const nodeGlobals = {
  fetch: globalThis.fetch,
  Request: globalThis.Request,
  Response: globalThis.Response,
  Headers: globalThis.Headers,
  FormData: globalThis.FormData,
  AbortController: globalThis.AbortController,
  AbortSignal: globalThis.AbortSignal,
  URL: globalThis.URL,
  URLSearchParams: globalThis.URLSearchParams,
};

export default {
  name: 'extension-page',
  viteEnvironment: 'client',
  async setup(global, options) {
    const happyDom = await builtinEnvironments['happy-dom'].setup(global, options);
    Object.assign(global, nodeGlobals);
    return happyDom;
  },
} satisfies Environment;
