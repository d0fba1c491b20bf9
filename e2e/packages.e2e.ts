// The store packages of `npm run zip`, as a person or a store gets them: the Chrome zip, unpacked,
// loads in Chromium; the Firefox zip installs as it is in Firefox; both carry the version of
// package.json, the name and description of locales/, the icons, and nothing of the e2e build;
// the sources zip for AMO holds what a reviewer needs to rebuild, and nothing private.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT } from '../scripts/build-e2e.ts';
import {
  BROWSERS,
  describeIf,
  FIREFOX_EXTENSION_ID,
  launchChromium,
  type ExtensionGlobal,
} from './support/index.ts';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  displayName: string;
  description: string;
};
const ZIPS = {
  chrome: join(ROOT, `.output/${pkg.name}-${pkg.version}-chrome.zip`),
  firefox: join(ROOT, `.output/${pkg.name}-${pkg.version}-firefox.zip`),
  sources: join(ROOT, `.output/${pkg.name}-${pkg.version}-sources.zip`),
};
const ICONS = ['icon/16.png', 'icon/32.png', 'icon/48.png', 'icon/128.png'];
const RUNNING_ICONS = ['icon/running/16.png', 'icon/running/32.png'];

/** The entries of a zip file (stored or deflated, as WXT writes them), by path. */
function readZip(path: string): Map<string, Buffer> {
  const zip = readFileSync(path);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error(`${path} is not a zip file`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(data, data + size);
    if (!name.endsWith('/')) entries.set(name, method === 8 ? inflateRawSync(raw) : raw);
    at += 46 + nameLength + extra;
  }
  return entries;
}

function unzip(entries: Map<string, Buffer>, dir: string) {
  for (const [name, data] of entries) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), data);
  }
}

type Manifest = {
  name: string;
  description: string;
  version: string;
  default_locale: string;
  icons: Record<string, string>;
  action: { default_icon: Record<string, string> };
  host_permissions?: string[];
  browser_specific_settings?: { gecko?: { id?: string } };
};

function manifestOf(entries: Map<string, Buffer>): Manifest {
  return JSON.parse(entries.get('manifest.json')!.toString('utf8')) as Manifest;
}

function message(entries: Map<string, Buffer>, locale: string, key: string): string {
  const messages = JSON.parse(entries.get(`_locales/${locale}/messages.json`)!.toString('utf8'));
  return (messages as Record<string, { message: string }>)[key]!.message;
}

beforeAll(() => {
  // The production zips, as `npm run zip` makes them (NODE_ENV: vitest's 'test' must not leak in).
  for (const args of [
    ['zip', '-b', 'chrome'],
    ['zip', '-b', 'firefox', '--mv3'],
  ]) {
    const result = spawnSync(join(ROOT, 'node_modules/.bin/wxt'), args, {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`wxt ${args.join(' ')} failed:\n${result.stderr}`);
  }
});

describe.each(['chrome', 'firefox'] as const)('the %s zip', (browser) => {
  test('version from package.json; name and description from locales/; icons', () => {
    const entries = readZip(ZIPS[browser]);
    const manifest = manifestOf(entries);
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.name).toBe('__MSG_extName__');
    expect(manifest.description).toBe('__MSG_extDescription__');
    expect(message(entries, manifest.default_locale, 'extName')).toBe(pkg.displayName);
    expect(message(entries, manifest.default_locale, 'extDescription')).toBe(pkg.description);
    expect(Object.values(manifest.icons)).toEqual(ICONS);
    expect(manifest.action.default_icon).toEqual({ 16: 'icon/16.png', 32: 'icon/32.png' });
    for (const icon of [...ICONS, ...RUNNING_ICONS]) expect(entries.has(icon)).toBe(true);
    // The shipped package asks for host access at run time only (the e2e build pre-grants it).
    expect(manifest.host_permissions).toBeUndefined();
    if (browser === 'firefox') {
      expect(manifest.browser_specific_settings?.gecko?.id).toBe(FIREFOX_EXTENSION_ID);
    }
  });
});

describe('the AMO sources zip', () => {
  test('holds what `npm ci && npm run build:firefox` needs, and nothing generated or private', () => {
    const names = [...readZip(ZIPS.sources).keys()];
    for (const needed of [
      'package.json',
      'package-lock.json',
      'wxt.config.ts',
      'tsconfig.json',
      'scripts/react-without-inner-html.ts',
      'entrypoints/background.ts',
      'entrypoints/popup/index.html',
      'locales/en.yml',
      'public/icon/16.png',
      'docs/amo-review.md',
    ]) {
      expect(names).toContain(needed);
    }
    for (const name of names) {
      expect(name).not.toMatch(
        /^(node_modules|\.output|\.wxt|\.data|\.git|docs\/screenshots|e2e\/\.artifacts)\/|\.db$/,
      );
    }
  });
});

describeIf(BROWSERS.includes('chromium'))('the Chrome zip, unpacked, in Chromium', () => {
  const dir = mkdtempSync(join(tmpdir(), 'audit-reports-chrome-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('loads: service worker, options page, running icon', async () => {
    unzip(readZip(ZIPS.chrome), dir);
    const ext = await launchChromium({ extensionDir: dir });
    try {
      const version = await ext.evaluateInExtension(() => {
        const { chrome } = globalThis as unknown as ExtensionGlobal;
        return chrome.runtime.getManifest().version;
      });
      expect(version).toBe(pkg.version);
      const page = await ext.openExtensionPage('options.html');
      await page.waitForSelector('#root > *');
      expect(await page.evaluate(() => document.body.innerText.trim())).not.toBe('');
      // Chrome loads the icon files to set them: a missing or broken one rejects.
      await ext.evaluateInExtension(
        async (path) => {
          const { chrome } = globalThis as unknown as ExtensionGlobal;
          await chrome.action.setIcon({ path });
        },
        Object.fromEntries(RUNNING_ICONS.map((p) => [p.match(/(\d+)\.png$/)![1]!, `/${p}`])),
      );
      expect(ext.pageErrors).toEqual([]);
    } finally {
      await ext.close();
    }
  });
});

describeIf(BROWSERS.includes('firefox'))('the Firefox zip in Firefox', () => {
  test('installs from the zip file itself and its pages run', async () => {
    const uuid = 'a0d17e2e-0000-4e2e-8000-00000000000f';
    const browser = await puppeteer.launch({
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
      headless: process.env.E2E_HEADFUL !== '1',
      // Without it Firefox's BiDi does not navigate tabs to moz-extension:// pages.
      args: ['--remote-allow-system-access'],
      extraPrefsFirefox: {
        // Unsigned: installed as a temporary add-on, as about:debugging does.
        'xpinstall.signatures.required': false,
        'extensions.webextensions.uuids': JSON.stringify({ [FIREFOX_EXTENSION_ID]: uuid }),
        'datareporting.policy.dataSubmissionEnabled': false,
      },
    });
    try {
      expect(await browser.installExtension(ZIPS.firefox)).toBe(FIREFOX_EXTENSION_ID);
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      const url = `moz-extension://${uuid}/options.html`;
      // Firefox's BiDi reports no load for extension pages: wait on the document instead.
      void page.goto(url).catch(() => {});
      await page.waitForFunction(
        (expected) => location.href === expected && document.querySelector('#root > *') !== null,
        { timeout: 15_000, polling: 100 },
        url,
      );
      expect(await page.evaluate(() => document.body.innerText.trim())).not.toBe('');
      const version = await page.evaluate(() => {
        const { browser } = globalThis as unknown as ExtensionGlobal;
        return browser!.runtime.getManifest().version;
      });
      expect(version).toBe(pkg.version);
      expect(errors).toEqual([]);
    } finally {
      const closed = browser.close().catch(() => {});
      const timeout = new Promise((resolve) => setTimeout(resolve, 5_000));
      if ((await Promise.race([closed.then(() => 'closed'), timeout])) !== 'closed') {
        browser.process()?.kill('SIGKILL');
      }
    }
  });
});
