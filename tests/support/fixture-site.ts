import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { badPage, decentPage, goodPage } from './fixture-pages.ts';

/**
 * Pages of known audit outcome:
 * - `good` scores 100 (good), `decent` 72 (decent), `bad` 27 (bad): see fixture-pages.ts EXPECTED.
 * - `not-html` answers JSON, `image` a PNG: the audit refuses both (not HTML).
 * - `slow` answers after 3 s (or `?ms=N`): longer than the lowered test audit timeout.
 * - `redirect` → 302 to `good`; `redirect-loop` redirects to itself forever; `redirect-chain`
 *   redirects 6 times (one more than allowed).
 * - `error-500` and `not-found` answer those statuses; `huge` is 3 MB of HTML (over the cap).
 * - `toggle` answers `good` and `bad` in turn (per site and query), so a re-audit changes the score.
 */
export type FixturePage =
  | 'good'
  | 'decent'
  | 'bad'
  | 'not-html'
  | 'image'
  | 'slow'
  | 'redirect'
  | 'redirect-loop'
  | 'redirect-chain'
  | 'error-500'
  | 'not-found'
  | 'huge'
  | 'toggle';

/** Loopback addresses the site listens on: each is a different host, so a different project. */
export const FIXTURE_HOSTS = ['127.0.0.1', '127.0.0.2', '127.0.0.3'] as const;
export type FixtureHost = (typeof FIXTURE_HOSTS)[number];

export interface FixtureSite {
  /** Base URL on 127.0.0.1. */
  url: string;
  /** The FIXTURE_HOSTS this machine let the site listen on (always 127.0.0.1). */
  hosts: readonly FixtureHost[];
  /**
   * URL of a page. `host` picks another loopback address (another project); `query` is appended
   * as is (e.g. 'n=3') to make URLs distinct.
   */
  pageUrl(name: FixturePage, options?: { host?: FixtureHost; query?: string }): string;
  close(): Promise<void>;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function handle(
  request: IncomingMessage,
  response: ServerResponse,
  toggles: Map<string, number>,
): void {
  const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
  const html = (body: string, status = 200) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  };
  const redirect = (to: string) => {
    response.writeHead(302, { location: to });
    response.end();
  };
  switch (url.pathname) {
    case '/good':
      return html(goodPage(url.origin));
    case '/decent':
      return html(decentPage());
    case '/bad':
      return html(badPage());
    case '/not-html':
      response.writeHead(200, { 'content-type': 'application/json' });
      return void response.end('{"not":"html"}');
    case '/image':
      response.writeHead(200, { 'content-type': 'image/png' });
      return void response.end(PNG);
    case '/slow': {
      const timer = setTimeout(
        () => html(goodPage(url.origin)),
        Number(url.searchParams.get('ms') ?? 3000),
      );
      response.on('close', () => clearTimeout(timer));
      return;
    }
    case '/redirect':
      return redirect('/good');
    case '/redirect-loop':
      return redirect('/redirect-loop');
    case '/redirect-chain': {
      const hop = Number(url.searchParams.get('hop') ?? 0);
      return redirect(hop >= 6 ? '/good' : `/redirect-chain?hop=${hop + 1}`);
    }
    case '/error-500':
      return html('<!doctype html><title>Oops</title><h1>Server error</h1>', 500);
    case '/toggle': {
      const count = toggles.get(url.search) ?? 0;
      toggles.set(url.search, count + 1);
      return html(count % 2 === 0 ? goodPage(url.origin) : badPage());
    }
    case '/huge':
      return html(`<!doctype html><title>Huge</title><p>${'x'.repeat(3 * 1024 * 1024)}</p>`);
    default:
      return html('<!doctype html><title>Not found</title><h1>Not found</h1>', 404);
  }
}

function listen(server: Server, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      // 127.0.0.2 and .3 are loopback on Linux (all of 127/8), not on macOS by default.
      error.code === 'EADDRNOTAVAIL' && host !== '127.0.0.1' ? resolve(undefined) : reject(error),
    );
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startFixtureSite(): Promise<FixtureSite> {
  const toggles = new Map<string, number>();
  const servers = FIXTURE_HOSTS.map(() => createServer((q, r) => handle(q, r, toggles)));
  const ports = await Promise.all(servers.map((server, i) => listen(server, FIXTURE_HOSTS[i]!)));
  const hosts = FIXTURE_HOSTS.filter((_, i) => ports[i] !== undefined);
  const base = (host: FixtureHost) => {
    const port = ports[FIXTURE_HOSTS.indexOf(host)];
    if (port === undefined) throw new Error(`The fixture site could not listen on ${host}.`);
    return `http://${host}:${port}`;
  };
  return {
    url: base('127.0.0.1'),
    hosts,
    pageUrl: (name, options = {}) =>
      `${base(options.host ?? '127.0.0.1')}/${name}${options.query ? `?${options.query}` : ''}`,
    close: () =>
      Promise.all(
        servers
          .filter((server) => server.listening)
          .map(
            (server) =>
              new Promise<void>((resolve) => {
                server.close(() => resolve());
                server.closeAllConnections();
              }),
          ),
      ).then(() => undefined),
  };
}
