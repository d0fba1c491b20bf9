/** The one table `npm run bench` prints (Markdown, so the README can carry it as is). */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageBundle } from './bundle.ts';
import { POPUP_BUDGET_BYTES } from './bundle.ts';
import type { ExtensionFigures, RequestCount } from './extension.ts';
import { machineLine, type Machine } from './machine.ts';
import type { ServiceBenchFigures } from './service.ts';

export interface Row {
  area: string;
  measure: string;
  value: string;
  budget: string;
  /** Undefined: a figure without a budget. */
  pass?: boolean;
}

export interface Results {
  date: string;
  quick: boolean;
  seconds: number;
  machine: Machine;
  loadAverageAtEnd: number[];
  bundles: PageBundle[];
  extension: ExtensionFigures;
  service: ServiceBenchFigures;
  rows: Row[];
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const int = (value: number) => Math.round(value).toLocaleString('en');

/** Budgets of the request counts (issues 4 and 5); the others are figures to watch. */
const REQUEST_BUDGETS: Record<string, { text: string; ok: (n: number) => boolean }> = {
  'audit click': { text: 'exactly 1', ok: (n) => n === 1 },
  'popup open': { text: '≤ 1', ok: (n) => n <= 1 },
  'popup open, report exists': { text: '≤ 1', ok: (n) => n <= 1 },
  'filter change': { text: 'exactly 1', ok: (n) => n === 1 },
  'back to a cached filter': { text: '0 (within the stale time)', ok: (n) => n === 0 },
};
const POPUP_RATIO_BUDGET = 1.5;
const PAINT_BUDGET_MS = 30;

export function buildRows(
  bundles: PageBundle[],
  ext: ExtensionFigures,
  service: ServiceBenchFigures,
): Row[] {
  const rows: Row[] = [];
  for (const b of bundles) {
    const isPopup = b.page === 'popup';
    rows.push({
      area: 'Bundle (JS, gzip)',
      measure: b.page,
      value: `${kB(b.gzipBytes)} (${b.files.length} ${b.files.length === 1 ? 'file' : 'files'}, ${kB(b.bytes)} raw)`,
      budget: isPopup ? `≤ ${kB(POPUP_BUDGET_BYTES)}` : '—',
      pass: isPopup ? b.gzipBytes <= POPUP_BUDGET_BYTES : undefined,
    });
  }
  const { popup } = ext;
  rows.push(
    {
      area: 'Popup ready',
      measure: `popup, median / p90 of ${popup.ready.samples.length}`,
      value: `${ms(popup.ready.median)} / ${ms(popup.ready.p90)}`,
      budget: '—',
    },
    {
      area: 'Popup ready',
      measure: 'static page (floor), median / p90',
      value: `${ms(popup.floor.median)} / ${ms(popup.floor.p90)}`,
      budget: '—',
    },
    {
      area: 'Popup ready',
      measure: 'ratio of medians',
      value: `${popup.ratio.toFixed(2)}×`,
      budget: `≤ ${POPUP_RATIO_BUDGET}×`,
      pass: popup.ratio <= POPUP_RATIO_BUDGET,
    },
  );
  for (const r of ext.requests) rows.push(requestRow(r));
  rows.push({
    area: 'Side panel',
    measure: `${ext.sidePanel.rows} rows painted after data, median / p90 of ${ext.sidePanel.paint.samples.length}`,
    value: `${ms(ext.sidePanel.paint.median)} / ${ms(ext.sidePanel.paint.p90)}`,
    budget: `≤ ${PAINT_BUDGET_MS} ms (median)`,
    pass: ext.sidePanel.paint.median <= PAINT_BUDGET_MS,
  });
  for (const c of service.cases) {
    rows.push({
      area: `Service (${int(service.reports)} reports)`,
      measure: c.name,
      value: `${int(c.requestsPerSecond)} req/s, p50 ${c.p50Ms} ms, p99 ${c.p99Ms} ms`,
      budget: c.budget
        ? `≥ ${int(c.budget.minRequestsPerSecond)} req/s, p99 ≤ ${c.budget.maxP99Ms} ms`
        : '—',
      pass: c.budget?.met,
    });
  }
  return rows;
}

function requestRow(r: RequestCount): Row {
  const budget = REQUEST_BUDGETS[r.name];
  return {
    area: 'HTTP requests',
    measure: r.name,
    value: String(r.count),
    budget: budget?.text ?? '—',
    pass: budget?.ok(r.count),
  };
}

const mark = (pass: boolean | undefined) => (pass === undefined ? '' : pass ? '✓ pass' : '✗ FAIL');

/** A Markdown table, padded as prettier pads it (so the README copy stays formatted). */
export function table(rows: Row[]): string {
  const header = ['area', 'measure', 'value', 'budget', 'result'];
  const cells = rows.map((r) => [r.area, r.measure, r.value, r.budget, mark(r.pass)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...cells.map(line),
  ].join('\n');
}

function headingLines(results: Pick<Results, 'date' | 'quick' | 'machine'>): [string, string] {
  const date = results.date.replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC');
  const quick = results.quick ? ' (quick run: not the figures that count)' : '';
  return [`Audit Reports benchmarks, ${date}${quick}`, `Machine: ${machineLine(results.machine)}`];
}

export function heading(results: Pick<Results, 'date' | 'quick' | 'machine'>): string {
  return headingLines(results).join('\n');
}

function summary(results: Results): string {
  const failed = results.rows.filter((r) => r.pass === false).length;
  const budgets = results.rows.filter((r) => r.pass !== undefined).length;
  // At the start only: by the end the load average also counts the run's own service benchmark.
  const atStart = results.machine.loadAverage[0];
  const busy =
    atStart > results.machine.cores / 2
      ? ` The 1-minute load average at the start (${atStart}) says other work shared the ` +
        `${results.machine.cores} cores: timings are slower and noisier than on a quiet machine.`
      : '';
  return (
    `${budgets - failed} of ${budgets} budgets met; run took ${Math.round(results.seconds)} s; ` +
    `load average at end ${results.loadAverageAtEnd.join(' ')}.${busy}`
  );
}

export function render(results: Results): string {
  return `${heading(results)}\n\n${table(results.rows)}\n\n${summary(results)}`;
}

const START = '<!-- bench:start (npm run bench -- --readme writes this part) -->';
const END = '<!-- bench:end -->';

/** Replaces the table part of README.md's "Benchmarks" section (between the markers). */
export function updateReadme(root: string, results: Results): void {
  const path = join(root, 'README.md');
  const text = readFileSync(path, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from === -1 || to < from) {
    throw new Error(`README.md has no "${START}" … "${END}" part to update`);
  }
  const [title, machine] = headingLines(results);
  const block = [START, `**${title}** — ${machine}`, table(results.rows), summary(results), END];
  writeFileSync(path, text.slice(0, from) + block.join('\n\n') + text.slice(to + END.length));
}
