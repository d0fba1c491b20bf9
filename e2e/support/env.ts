// The world an e2e spec runs against: the reference service in-process (in-memory database,
// random loopback port, silent) and the fixture site, with one API key.
import { startTestService, type TestEnv } from '../../tests/support/service.ts';
import type { FixturePage, FixtureHost } from '../../tests/support/fixture-site.ts';

export interface E2eEnv {
  /** Base URL of the service as a person types it in the options page (no /api/v1). */
  baseUrl: string;
  /** `${baseUrl}/api/v1` */
  api: string;
  /** A key of a fresh user. */
  apiKey: string;
  /**
   * A fixture page on loopback (see tests/support/fixture-site.ts). Only `127.0.0.1` (the
   * default host) is pre-granted to the e2e build, so use it for pages the popup must read.
   */
  pageUrl(name: FixturePage, options?: { host?: FixtureHost; query?: string }): string;
  /** GET/POST… `${api}${path}` with the key (or another one); resolves to status and JSON body. */
  request(path: string, init?: RequestInit & { key?: string }): Promise<ApiReply>;
  /** The underlying test service: `service.createKey()`, `service.seed()`, `site`, … */
  raw: TestEnv;
  close(): Promise<void>;
}

export interface ApiReply {
  status: number;
  body: unknown;
}

export async function startE2eEnv(): Promise<E2eEnv> {
  // The default 1.5 s test audit timeout is for unit tests; a real browser is slower to wait on.
  const raw = await startTestService({ auditTimeoutMs: 5_000 });
  const { key: apiKey, api } = raw;
  return {
    baseUrl: raw.service.url,
    api,
    apiKey,
    pageUrl: (name, options) => raw.site.pageUrl(name, options),
    async request(path, { key = apiKey, headers, ...init } = {}) {
      const response = await fetch(`${api}${path}`, {
        ...init,
        headers: { accept: 'application/json', authorization: `Bearer ${key}`, ...headers },
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: keep the text.
      }
      return { status: response.status, body };
    },
    raw,
    close: () => raw.close(),
  };
}
