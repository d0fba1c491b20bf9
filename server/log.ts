import type { MiddlewareHandler } from 'hono';

export type LogLine = (line: string) => void;

export const consoleLog: LogLine = (line) => console.log(line);

/**
 * One line per request: method, path, status, milliseconds. The path only, never the query
 * string or headers: a key or password must not reach a log.
 */
export function requestLog(log: LogLine): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    log(`${new Date().toISOString()} ${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  };
}
