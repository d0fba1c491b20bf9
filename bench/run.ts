/**
 * `npm run bench` (issue 7): the extension and the service against their budgets, in one table.
 *
 *   npm run bench                 the figures that count (under 2 minutes on 2 cores)
 *   npm run bench -- --quick      service cases 2 s each over 20,000 reports, for development
 *   npm run bench -- --readme     also writes the table into README.md's "Benchmarks" section
 *
 * Builds what it needs (the e2e extension if stale; the production extension for bundle sizes),
 * then measures bundle sizes, popup ready time against a static page of the extension (the floor,
 * in the same run), HTTP requests counted at the service, the side panel's paint of 100 rows, and
 * the service under load (bench/service.ts). Writes every figure and sample to bench/results.json.
 * Exits 1 when a budget is missed. Progress goes to stderr; stdout is the table.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { buildE2e, ROOT } from '../scripts/build-e2e.ts';
import { buildProduction, measureBundles } from './bundle.ts';
import { measureExtension } from './extension.ts';
import { describeMachine } from './machine.ts';
import { buildRows, render, updateReadme, type Results } from './report.ts';
import { round } from './stats.ts';

const quick = process.argv.includes('--quick');
const started = performance.now();
const machine = describeMachine();
const date = new Date().toISOString();
const progress = (text: string) =>
  console.error(`[${Math.round(performance.now() / 1000)} s] ${text}`);

// The builds print their own lines: keep them off stdout, which is the table's.
const log = console.log;
console.log = console.error;
const stdoutWrite = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
let results: Results;
try {
  buildE2e({ onlyIfStale: true });
  buildProduction();
  const bundles = measureBundles();

  progress('extension: popup opens, request counts, side panel paints…');
  const extension = await measureExtension({ opens: 20, paints: 20, warmups: 3 });
  machine.chromium = extension.chromium;

  // bench/service.ts reads BENCH_REPORTS when it loads.
  if (quick) process.env.BENCH_REPORTS ??= '20000';
  const { runServiceBench } = await import('./service.ts');
  const seconds = quick ? 2 : 10;
  progress(`service: seeding, then 4 cases of ${seconds} s…`);
  const service = await runServiceBench(seconds);

  results = {
    date,
    quick,
    seconds: round((performance.now() - started) / 1000),
    machine,
    loadAverageAtEnd: loadavg().map((v) => round(v, 2)),
    bundles,
    extension,
    service,
    rows: buildRows(bundles, extension, service),
  };
} finally {
  console.log = log;
  process.stdout.write = stdoutWrite;
}

writeFileSync(join(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(render(results));
if (process.argv.includes('--readme')) updateReadme(ROOT, results);
if (results.rows.some((r) => r.pass === false)) process.exitCode = 1;
