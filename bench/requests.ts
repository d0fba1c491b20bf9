/** HTTP requests counted at the service: the log they are counted from, and the popup's. */
import { PopupPage } from '../e2e/pages/index.ts';
import type { ExtensionBrowser } from '../e2e/support/browsers.ts';
import { sleep } from './stats.ts';

export interface RequestCount {
  name: string;
  count: number;
  /** `METHOD /path status` as the service logged them. */
  requests: string[];
}

/** Requests the service answered, from its one-line-per-request log. */
export class RequestLog {
  readonly lines: string[] = [];
  private lastAt = 0;

  readonly push = (line: string) => {
    // `<ISO time> <METHOD> <path> <status> <ms>ms`
    const [, method, path, status] = line.split(' ');
    this.lines.push(`${method} ${path} ${status}`);
    this.lastAt = performance.now();
  };

  /** Resolves once no request has come for `quietMs` (at most `maxMs`). */
  async quiet(quietMs = 600, maxMs = 5_000): Promise<void> {
    const started = performance.now();
    for (;;) {
      const now = performance.now();
      const since = now - Math.max(this.lastAt, started);
      if (since >= quietMs || now - started >= maxMs) return;
      await sleep(quietMs - since + 10);
    }
  }

  /** Counts the requests `action` causes, once the service has gone quiet. */
  async count(name: string, action: () => Promise<unknown>): Promise<RequestCount> {
    await this.quiet();
    const from = this.lines.length;
    await action();
    await this.quiet();
    const requests = this.lines.slice(from);
    return { name, count: requests.length, requests };
  }
}

/** Requests for opening the real popup (`action.openPopup()`), an audit click, and reopening. */
export async function countPopupRequests(
  ext: ExtensionBrowser,
  log: RequestLog,
  fixtureUrl: string,
) {
  const tab = await ext.openPage(fixtureUrl);
  let popup: PopupPage | undefined;
  const counts = [
    await log.count('popup open', async () => {
      popup = await PopupPage.openFor(ext, tab);
    }),
    await log.count('audit click', async () => {
      await popup!.auditThisPage().click();
      await popup!.report('Result').wait();
    }),
    await log.count('popup open, report exists', async () => {
      popup = await PopupPage.openFor(ext, tab);
      await popup.report('Already audited').wait();
    }),
  ];
  await popup!.page.close();
  await tab.close();
  return counts;
}
