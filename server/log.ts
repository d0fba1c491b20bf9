import type { MiddlewareHandler } from 'hono';

export type LogLine = (line: string) => void;

let pending: string[] = [];
let scheduled = false;
let exitHooked = false;

function flush(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const text = `${pending.join('\n')}\n`;
  pending = [];
  process.stdout.write(text);
}

/**
 * Standard output, batched: the lines of one event-loop turn go out in one write, not one system
 * call per request (under load, a turn completes many requests). Flushed at exit too.
 */
export const consoleLog: LogLine = (line) => {
  pending.push(line);
  if (scheduled) return;
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', flush);
  }
  scheduled = true;
  setImmediate(flush);
};

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
