/**
 * The extension in headless Chromium (the e2e build) against the in-process reference service:
 * popup ready time against a static page of the extension (the floor), HTTP requests counted at
 * the service, and the side panel's paint time for 100 rows.
 */
import { copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../e2e/support/browsers.ts';
import { configureExtension } from '../e2e/support/storage.ts';
import { E2E_OUTPUT } from '../scripts/build-e2e.ts';
import { seedReports, startTestService } from '../tests/support/service.ts';
import { STATIC_PAGE, type ExtensionOptions } from './extension-options.ts';
import { measurePopup } from './popup-ready.ts';
import { countPopupRequests, RequestLog, type RequestCount } from './requests.ts';
import { measureSidePanel } from './side-panel-paint.ts';
import type { Summary } from './stats.ts';

export type { ExtensionOptions } from './extension-options.ts';
export type { RequestCount } from './requests.ts';

/** Reports seeded for the side panel: every result filter still fills a page of 100. */
const SEEDED = 1_000;

export interface ExtensionFigures {
  chromium: string;
  popup: {
    ready: Summary;
    floor: Summary;
    /** Median popup ready / median floor. */
    ratio: number;
    domContentLoaded: { popup: Summary; floor: Summary };
  };
  requests: RequestCount[];
  sidePanel: { paint: Summary; rows: number };
}

export async function measureExtension(options: ExtensionOptions): Promise<ExtensionFigures> {
  // A copy of the e2e build: another `npm run build:e2e` may rewrite .output during the run, and
  // the floor page stays out of the build the e2e suites load.
  const extensionDir = mkdtempSync(join(tmpdir(), 'audit-bench-extension-'));
  cpSync(E2E_OUTPUT.chromium, extensionDir, { recursive: true });
  copyFileSync(join(import.meta.dirname, 'static.html'), join(extensionDir, STATIC_PAGE));
  try {
    return await measureIn(extensionDir, options);
  } finally {
    rmSync(extensionDir, { recursive: true, force: true });
  }
}

async function measureIn(
  extensionDir: string,
  options: ExtensionOptions,
): Promise<ExtensionFigures> {
  const log = new RequestLog();
  const env = await startTestService({ auditTimeoutMs: 5_000, log: log.push });
  try {
    seedReports(env, SEEDED, { projects: 3 });
    const ext = await launchChromium({ extensionDir });
    try {
      await configureExtension(ext, { baseUrl: env.service.url, apiKey: env.key });
      const chromium = (await ext.browser.version()).replace(/^\D+\//, '');
      const popup = await measurePopup(
        ext,
        env.site.pageUrl('decent', { query: 'bench=popup' }),
        options,
      );
      const popupRequests = await countPopupRequests(
        ext,
        log,
        env.site.pageUrl('good', { query: 'bench=requests' }),
      );
      const panel = await measureSidePanel(ext, log, options);
      if (ext.pageErrors.length) {
        console.warn(`page errors during the run:\n${ext.pageErrors.join('\n')}`);
      }
      return {
        chromium,
        popup,
        requests: [...popupRequests, ...panel.requests],
        sidePanel: { paint: panel.paint, rows: panel.rows },
      };
    } finally {
      await ext.close();
    }
  } finally {
    await env.close();
  }
}
