import type { MiddlewareHandler } from 'hono';

const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOW_HEADERS = 'Authorization, Content-Type, Accept';
const EXPOSE_HEADERS = 'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining';

/**
 * CORS for a bearer-token API with no cookies: any origin may call it, extension pages included.
 * (Hono's own cors middleware reads `c.res` before the route runs, which builds a throwaway
 * Response and copies its headers into the real one: a third of a list request's CPU time.
 * `c.header()` only records the header.)
 */
export function cors(): MiddlewareHandler {
  return async (c, next) => {
    c.header('Access-Control-Allow-Origin', '*');
    if (c.req.method === 'OPTIONS') {
      return c.body(null, 204, {
        'Access-Control-Allow-Methods': ALLOW_METHODS,
        'Access-Control-Allow-Headers': ALLOW_HEADERS,
        'Access-Control-Max-Age': '600',
      });
    }
    c.header('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    await next();
  };
}
