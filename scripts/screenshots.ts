// `npm run screenshots`: refreshes docs/screenshots/*.png, the screenshots the README shows.
// Builds the e2e extension if a source is newer than it, then runs e2e/screenshots.e2e.ts in real
// Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH) against the reference service with
// seeded reports, writing into docs/screenshots/ instead of e2e/.artifacts/. Look at the PNGs
// before committing them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildE2e, ROOT } from './build-e2e.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install Debian's chromium or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

try {
  buildE2e({ onlyIfStale: true });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const { status, signal } = spawnSync(
  join(ROOT, 'node_modules/.bin/vitest'),
  ['run', '--config', 'vitest.e2e.config.ts', 'e2e/screenshots.e2e.ts'],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, E2E_BROWSERS: 'chromium', SCREENSHOTS_DIR: 'docs/screenshots' },
  },
);
if (status === 0) console.log('screenshots → docs/screenshots/');
process.exit(status ?? (signal ? 1 : 0));
