// The side panel in each browser (Chrome's side panel; Firefox's sidebar page opened as an
// extension page) against the reference service: filter, sort, page, change privacy, delete a
// report, delete a project.
import { beforeAll, describe, expect, test } from 'vitest';
import { SidePanelPage } from './pages/index.ts';
import {
  BROWSERS,
  clearStorage,
  configureExtension,
  useBrowser,
  useE2eEnv,
} from './support/index.ts';

/** Reports seeded over three projects: more than one page of 100. */
const COUNT = 120;

interface ApiReport {
  id: number;
  url: string;
  project: string;
  result: string;
  score: number;
  privacy: number;
}

describe.each(BROWSERS)('%s side panel', (name) => {
  const ext = useBrowser(name);
  const env = useE2eEnv();
  let reports: ApiReport[];

  beforeAll(async () => {
    env().raw.service.seed(
      env().apiKey,
      Array.from({ length: COUNT }, (_, i) => ({
        url: env().pageUrl('good', {
          host: (['127.0.0.1', '127.0.0.2', '127.0.0.3'] as const)[i % 3],
          query: `n=${i}`,
        }),
        privacy: 0 as const,
      })),
    );
    reports = [];
    for (const page of [1, 2]) {
      const answer = await env().request(`/reports?per_page=100&page=${page}`);
      reports.push(...(answer.body as { data: ApiReport[] }).data);
    }
    await clearStorage(ext());
    await configureExtension(ext(), { baseUrl: env().baseUrl, apiKey: env().apiKey });
  });

  test('lists, filters, sorts and pages reports', async () => {
    const panel = await SidePanelPage.open(ext());
    expect(await panel.waitForRange(`1–10 of ${COUNT}`)).toBe(`1–10 of ${COUNT}`);

    await panel.choose('Result', 'bad');
    const bad = reports.filter((r) => r.result === 'bad');
    await panel.waitForRange(`1–${Math.min(10, bad.length)} of ${bad.length}`);
    expect(new Set((await panel.rows()).map((r) => r.result))).toEqual(new Set(['Bad']));

    await panel.choose('Result', '');
    await panel.choose('Sort by', 'score');
    await panel.choose('Direction', 'asc');
    await panel.waitForRange(`1–10 of ${COUNT}`);
    await panel.page.waitForFunction(
      (want) =>
        [...document.querySelectorAll('ul[aria-label="Reports"] > li > button')]
          .map((row) => row.getAttribute('title'))
          .join(' ') === want,
      { timeout: 10_000 },
      [...reports]
        .sort((a, b) => a.score - b.score || a.id - b.id)
        .slice(0, 10)
        .map((r) => r.url)
        .join(' '),
    );
    const scores = (await panel.rows()).map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));

    await panel.button('Next').click();
    expect(await panel.waitForRange(`11–20 of ${COUNT}`)).toBe(`11–20 of ${COUNT}`);
    await panel.choose('Sort by', 'id');
    await panel.choose('Direction', 'desc');
    await panel.waitForRange(`1–10 of ${COUNT}`);
    expect(ext().pageErrors).toEqual([]);
  });

  test('marks when 100 rows are painted after their data arrives', async () => {
    const panel = await SidePanelPage.open(ext());
    await panel.waitForRange(new RegExp(` of ${COUNT}$`));
    await panel.choose('Per page', '100');
    await panel.waitForRange(`1–100 of ${COUNT}`);
    const measure = await panel.page.waitForFunction(
      () => {
        const entries = performance.getEntriesByName('sidepanel:rows-paint', 'measure');
        const last = entries.at(-1) as PerformanceMeasure | undefined;
        return last && (last.detail as { rows: number }).rows === 100
          ? { duration: last.duration }
          : false;
      },
      { timeout: 10_000 },
    );
    const { duration } = (await measure.jsonValue()) as { duration: number };
    console.log(`${name}: 100 rows painted ${duration.toFixed(1)} ms after their data arrived`);
    expect(duration).toBeGreaterThan(0);
    await panel.choose('Per page', '10');
    await panel.waitForRange(`1–10 of ${COUNT}`);
  });

  test('changes a report’s privacy and deletes a report', async () => {
    const panel = await SidePanelPage.open(ext());
    await panel.waitForRange(new RegExp(` of ${COUNT}$`));
    const [first] = await panel.rows();
    const report = reports.find((r) => r.url === first!.url)!;
    await panel.openReport(report.url);

    await panel.radio('Private').click();
    await panel.button('Save privacy').click();
    await panel.text('Privacy saved.').wait();
    const after = await env().request(`/reports/${report.id}`);
    expect((after.body as { data: ApiReport }).data.privacy).toBe(1);

    await panel.button('Delete report').click();
    await panel.dialog().wait();
    await panel.page.locator('dialog[open] button.danger').click();
    await panel.text('Report deleted.').wait();
    expect((await env().request(`/reports/${report.id}`)).status).toBe(404);
    await panel.waitForRange(new RegExp(` of ${COUNT - 1}$`));
    expect((await panel.rows()).map((r) => r.url)).not.toContain(report.url);
  });

  test('deletes a project with its reports', async () => {
    const panel = await SidePanelPage.open(ext());
    await panel.tab('Projects').click();
    await panel.waitForRange('1–3 of 3', 'Projects pages');
    const before = await env().request('/reports?project=127.0.0.3');
    const count = (before.body as { meta: { total: number } }).meta.total;
    const all = await env().request('/reports');
    const total = (all.body as { meta: { total: number } }).meta.total;
    await panel.button('Delete project 127.0.0.3').click();
    await panel.dialog().wait();
    const text = await panel.page.$eval('dialog[open]', (d) => (d as HTMLElement).innerText);
    expect(text).toContain(`${count} reports will be deleted with it.`);
    await panel.page.locator('dialog[open] button.danger').click();
    await panel.text('Project 127.0.0.3 deleted.').wait();
    await panel.waitForRange('1–2 of 2', 'Projects pages');
    const left = await env().request('/reports?project=127.0.0.3');
    expect((left.body as { meta: { total: number } }).meta.total).toBe(0);
    await panel.tab('Reports').click();
    await panel.waitForRange(new RegExp(` of ${total - count}$`));
    expect(ext().pageErrors).toEqual([]);
  });
});
