import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { openDb, type Db } from './db.ts';
import { authenticate, createUserWithKey } from './keys.ts';
import { consoleLog } from './log.ts';
import { createRateLimiter, type RateLimit } from './rate-limit.ts';
import { seedReports, type SeedReport } from './seed.ts';

export interface ServiceOptions {
  /** 0 = a random free port; default 8787. */
  port?: number;
  /** Default '127.0.0.1': the service is for this machine unless told otherwise. */
  host?: string;
  /** SQLite file path or ':memory:'; default '.data/service.db'. */
  data?: string;
  /** Requests per key per window; default 6,000 a minute (generous: tests and the extension). */
  rateLimit?: RateLimit;
  /** Time allowed to fetch a page for an audit; default 10 s. */
  auditTimeoutMs?: number;
  /** Where the one-line-per-request log goes; default console.log; false = silent. */
  log?: ((line: string) => void) | false;
}

export interface RunningService {
  /** Base URL without /api/v1, e.g. 'http://127.0.0.1:41234'. */
  url: string;
  port: number;
  /** Creates a new user with one API key; returns the plain key. */
  createKey(): string;
  /**
   * Inserts reports straight into the database for the key's user, without auditing (fast
   * fixtures for tests and benchmarks). Returns the new ids in order.
   */
  seed(key: string, reports: readonly SeedReport[]): number[];
  /** The open database, for tests that need to look underneath the API. */
  db: Db;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8787;

/** Requests Node's parser refuses never reach the app; they still get a JSON `{message}`. */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify({
    message: tooLarge ? 'Request headers too large.' : 'Bad request.',
  });
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}
export const DEFAULT_RATE_LIMIT: RateLimit = { limit: 6_000, windowMs: 60_000 };

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const db = openDb(options.data ?? '.data/service.db');
  const deps = {
    db,
    auditTimeoutMs: options.auditTimeoutMs ?? 10_000,
    limiter: createRateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT),
  };
  const app = createApp(deps, options.log === undefined ? consoleLog : options.log);
  const host = options.host ?? '127.0.0.1';
  let server: ReturnType<typeof serve>;
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server = serve(
      { fetch: app.fetch, port: options.port ?? DEFAULT_PORT, hostname: host },
      resolve,
    );
    server.once('error', reject);
    server.on('clientError', answerClientError);
  }).catch((error: unknown) => {
    db.close();
    throw error;
  });
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    createKey: () => createUserWithKey(db).key,
    seed(key, reports) {
      const owner = authenticate(db, key);
      if (!owner) throw new Error('seed: unknown or revoked key');
      return seedReports(db, owner.userId, reports);
    },
    db,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          db.close();
          resolve();
        });
        // Keep-alive connections would hold close() open until they time out.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
