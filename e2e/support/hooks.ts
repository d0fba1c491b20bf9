// Vitest wiring: one browser and one service per spec file (or per describe block), pages closed
// after each test, screenshots of every open page when a test fails (e2e/.artifacts/).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';
import { ROOT } from '../../scripts/build-e2e.ts';
import {
  launchBrowser,
  type BrowserName,
  type ExtensionBrowser,
  type LaunchOptions,
} from './browsers.ts';
import { startE2eEnv, type E2eEnv } from './env.ts';

/** Browsers the suites run in: `E2E_BROWSERS=chromium` (or `firefox`) narrows it down. */
export const BROWSERS: BrowserName[] = (process.env.E2E_BROWSERS ?? 'chromium,firefox')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is BrowserName => name === 'chromium' || name === 'firefox');

export const ARTIFACTS = join(ROOT, 'e2e/.artifacts');

/**
 * Launches `name` with the extension before the block's tests and closes it after; returns a
 * getter. Tabs the tests open are closed after each test (extension storage is kept: clear it
 * in `beforeEach` when a test needs a fresh install).
 *
 *   const ext = useBrowser('chromium');
 *   test('…', async () => { const page = await ext().openExtensionPage('options.html'); });
 */
export function useBrowser(name: BrowserName, options?: LaunchOptions): () => ExtensionBrowser {
  let handle: ExtensionBrowser | undefined;
  let initialPages = new Set<unknown>();
  beforeAll(async () => {
    handle = await launchBrowser(name, options);
    initialPages = new Set(await handle.browser.pages());
  });
  afterEach(async (context) => {
    if (!handle) return;
    const pages = await within(10_000, handle.browser.pages(), []);
    if (context.task.result?.state === 'fail') {
      const dir = join(ARTIFACTS, name);
      mkdirSync(dir, { recursive: true });
      const base = context.task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
      for (const [i, page] of pages.entries()) {
        const path = join(dir, `${base}-${i}.png`);
        const shot = page.screenshot({ path }).then(() => true);
        if (await within(5_000, shot, false)) console.log(`screenshot → ${path}`);
      }
      if (handle.pageErrors.length) console.log('page errors:\n' + handle.pageErrors.join('\n'));
    }
    const closing = pages
      .filter((page) => !initialPages.has(page))
      .map((page) => page.close().catch(() => {}));
    await within(10_000, Promise.all(closing), undefined);
    handle.pageErrors.length = 0;
  });
  afterAll(async () => {
    await handle?.close();
    handle = undefined;
  });
  return () => {
    if (!handle) throw new Error(`${name} is not running: call ext() inside a test or hook`);
    return handle;
  };
}

/** Starts the reference service and the fixture site for the block; returns a getter. */
export function useE2eEnv(): () => E2eEnv {
  let env: E2eEnv | undefined;
  beforeAll(async () => {
    env = await startE2eEnv();
  });
  afterAll(async () => {
    await env?.close();
    env = undefined;
  });
  return () => {
    if (!env) throw new Error('The e2e environment is not running: call env() inside a test');
    return env;
  };
}

/** `promise`, or `fallback` after `ms` (a hung page must not hang the suite's clean-up). */
function within<T>(ms: number, promise: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => (timer = setTimeout(resolve, ms, fallback)));
  return Promise.race([promise.catch(() => fallback), timeout]).finally(() => clearTimeout(timer));
}

/**
 * `test` where a scenario applies, nothing at all where it does not: a browser without the
 * feature defines no test, rather than reporting a skipped one.
 *
 *   testIf(name === 'chromium')('opens the side panel', async () => { … });
 */
export function testIf(condition: boolean): typeof test {
  return condition ? test : ((() => {}) as unknown as typeof test);
}

/** `describe` where a block applies (e.g. the browser is among those being run), else nothing. */
export function describeIf(condition: boolean): typeof describe {
  return condition ? describe : ((() => {}) as unknown as typeof describe);
}
