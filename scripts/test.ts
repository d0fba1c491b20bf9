// `npm test`: every check the project has, in order of cost, stopping at the first failure.
//   npm test                      typecheck → lint → vitest (unit, component, service) → e2e
//   SKIP_E2E=1 npm test           everything but the browsers
import { spawnSync } from 'node:child_process';

const steps: [string, string[]][] = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['Firefox package lint (web-ext lint, 0 errors and 0 warnings)', ['run', 'lint:firefox']],
  ['unit, component and service tests', ['run', 'test:unit']],
  ['end-to-end tests in real Chromium and Firefox', ['run', 'test:e2e']],
];
if (process.env.SKIP_E2E === '1') steps.pop();

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
const started = Date.now();
const done: string[] = [];
for (const [name, args] of steps) {
  const stepStarted = Date.now();
  console.log(`\n▶ ${name}`);
  const { status, signal } = spawnSync('npm', args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(
      `\n✖ ${name} failed (${signal ?? `exit ${status}`}) after ${seconds(stepStarted)}`,
    );
    if (done.length) console.error(`  passed before it: ${done.join(', ')}`);
    process.exit(status ?? 1);
  }
  done.push(`${name} (${seconds(stepStarted)})`);
}
console.log(`\n✔ all checks passed in ${seconds(started)}:\n  ${done.join('\n  ')}`);
