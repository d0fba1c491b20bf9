// `npm test`: every check the project has, in order of cost, stopping at the first failure.
//   npm test                      typecheck → lint → vitest (unit, component, service) → e2e
//   SKIP_E2E=1 npm test           everything but the browsers
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

// Each vitest run also writes a JSON report, so the run can end on one plain count of its tests.
const REPORTS = '.output/test-reports';
const jsonReport = (name: string) => [
  '--',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${REPORTS}/${name}.json`,
];

const steps: [string, string[]][] = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['shipped manifests: exactly the documented permissions', ['run', 'check:manifests']],
  ['Firefox package lint (web-ext lint, 0 errors and 0 warnings)', ['run', 'lint:firefox']],
  ['unit, component and service tests', ['run', 'test:unit', ...jsonReport('unit')]],
  ['end-to-end tests in real Chromium and Firefox', ['run', 'test:e2e', ...jsonReport('e2e')]],
];
if (process.env.SKIP_E2E === '1') steps.pop();

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
const started = Date.now();
const done: string[] = [];
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

/** Passed and failed tests over every JSON report written so far. */
function tally(): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  for (const name of ['unit', 'e2e']) {
    const file = `${REPORTS}/${name}.json`;
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  return { passed, failed };
}
const count = () => `${tally().passed} passed, ${tally().failed} failed`;
for (const [name, args] of steps) {
  const stepStarted = Date.now();
  console.log(`\n▶ ${name}`);
  const { status, signal } = spawnSync('npm', args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(
      `\n✖ ${name} failed (${signal ?? `exit ${status}`}) after ${seconds(stepStarted)}`,
    );
    if (done.length) console.error(`  passed before it: ${done.join(', ')}`);
    console.log(`\ntests: ${count()}`);
    process.exit(status ?? 1);
  }
  done.push(`${name} (${seconds(stepStarted)})`);
}
console.log(`\n✔ all checks passed in ${seconds(started)}:\n  ${done.join('\n  ')}`);
console.log(`\ntests: ${count()}`);
