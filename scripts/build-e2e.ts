// `npm run build:e2e`: the e2e-mode extension for both browsers. This build differs from the shipped
// one only by pre-granted loopback host permissions (see wxt.config.ts); it is a production build
// (NODE_ENV=production), so the suites exercise the same React and the same code paths as users.
//
//   node scripts/build-e2e.ts            build both browsers
//   node scripts/build-e2e.ts --if-stale build only when a source file is newer than the output
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

export const E2E_OUTPUT = {
  chromium: join(ROOT, '.output/chrome-mv3-e2e'),
  firefox: join(ROOT, '.output/firefox-mv3-e2e'),
} as const;

const TARGETS: { name: keyof typeof E2E_OUTPUT; args: string[] }[] = [
  { name: 'chromium', args: ['build', '-b', 'chrome', '--mode', 'e2e'] },
  { name: 'firefox', args: ['build', '-b', 'firefox', '--mv3', '--mode', 'e2e'] },
];

// Everything that ends up in the bundle or the manifest (bench/bundle.ts builds from it too).
export const BUILD_SOURCES = [
  'entrypoints',
  'components',
  'lib',
  'public',
  'locales',
  'assets',
  'wxt.config.ts',
  'package.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether the build in `outDir` is missing or older than any of `sources` (ROOT-relative). */
export function isBuildStale(outDir: string, sources: readonly string[] = BUILD_SOURCES): boolean {
  const manifest = join(outDir, 'manifest.json');
  if (!existsSync(manifest)) return true;
  const built = statSync(manifest).mtimeMs;
  return sources.some((source) => newestMtime(join(ROOT, source)) > built);
}

/** Whether the e2e build of that browser is missing or older than any source file. */
export function isStale(name: keyof typeof E2E_OUTPUT): boolean {
  return isBuildStale(E2E_OUTPUT[name]);
}

/**
 * Runs `wxt` with these arguments as a production build (NODE_ENV=production). Throws when it
 * fails, after printing "failed" and its output.
 */
export function runWxtBuild(args: string[]): void {
  const result = spawnSync(join(ROOT, 'node_modules/.bin/wxt'), args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    console.log('failed');
    console.error(result.stdout, result.stderr);
    throw new Error(`wxt ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/** Builds the e2e extensions (all, or only stale ones). Throws when a build fails. */
export function buildE2e({ onlyIfStale = false } = {}): void {
  for (const { name, args } of TARGETS) {
    if (onlyIfStale && !isStale(name)) continue;
    const started = Date.now();
    process.stdout.write(`building the e2e extension for ${name}… `);
    runWxtBuild(args);
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s → ${E2E_OUTPUT[name]}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    buildE2e({ onlyIfStale: process.argv.includes('--if-stale') });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
