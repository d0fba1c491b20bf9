// `npm run test:e2e`: builds the e2e extension for Chromium and Firefox, then runs the e2e suites
// (vitest.e2e.config.ts) in real browsers. Extra arguments go to vitest, e.g.
//   npm run test:e2e -- e2e/popup.e2e.ts          one spec file
//   E2E_BROWSERS=firefox npm run test:e2e         one browser (chromium | firefox)
//   E2E_HEADFUL=1 npm run test:e2e                watch it happen (needs a display)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildE2e, ROOT } from './build-e2e.ts';

const started = Date.now();

for (const [name, path] of [
  ['Chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'],
  ['Firefox', process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'],
] as const) {
  if (!existsSync(path)) {
    console.error(
      `${name} not found at ${path}: install Debian's chromium and firefox-esr (as .ci/run does) ` +
        `or set CHROMIUM_PATH / FIREFOX_PATH.`,
    );
    process.exit(1);
  }
}

try {
  buildE2e();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const vitest = join(ROOT, 'node_modules/.bin/vitest');
const { status, signal } = spawnSync(
  vitest,
  ['run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)],
  { cwd: ROOT, stdio: 'inherit' },
);
console.log(`e2e: ${((Date.now() - started) / 1000).toFixed(0)} s in all, build included`);
process.exit(status ?? (signal ? 1 : 0));
