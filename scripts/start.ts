// `npm start`: builds the extension for Chrome and Firefox, starts the reference service on
// 127.0.0.1:8787 (data in .data/service.db), and prints a working API key and how to load the
// extension. The key is kept in .data/dev-key (only this user may read it) and reused while the
// service still accepts it: keys are stored hashed, so it cannot be shown again otherwise.
//
//   npm start                     build, then serve
//   npm start -- --no-build       serve the last build
//   npm start -- --port 9000      another port (also PORT=9000)
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { startService, type RunningService } from '../server/start.ts';
import { ROOT } from './build-e2e.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    'no-build': { type: 'boolean', default: false },
  },
});

const DATA_DIR = join(ROOT, '.data');
const DB_PATH = join(DATA_DIR, 'service.db');
const KEY_PATH = join(DATA_DIR, 'dev-key');
const CHROME_DIR = join(ROOT, '.output/chrome-mv3');
const FIREFOX_DIR = join(ROOT, '.output/firefox-mv3');

const bold = (text: string) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[22m` : text);
const rel = (path: string) => relative(process.cwd(), path) || '.';

if (!values['no-build']) {
  console.log('Building the extension for Chrome and Firefox…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('\nThe build failed (see above).');
    process.exit(build.status ?? 1);
  }
}
for (const dir of [CHROME_DIR, FIREFOX_DIR]) {
  if (!existsSync(join(dir, 'manifest.json'))) {
    console.error(`No build in ${rel(dir)}: run \`npm start\` without --no-build.`);
    process.exit(1);
  }
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`--port must be a port number, not "${values.port}".`);
  process.exit(2);
}

let service: RunningService;
try {
  // Requests are logged one line each (path and status only: never a key).
  service = await startService({ port, host: values.host, data: DB_PATH });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    console.error(
      `\nPort ${port} on ${values.host} is already in use — is \`npm start\` or ` +
        `\`npm run service\` already running? Stop it, or use \`npm start -- --port 9000\`.`,
    );
  } else {
    console.error('\nThe service did not start:', error);
  }
  process.exit(1);
}

/** Whether the service accepts `key` (the same request the extension's connection check makes). */
async function accepted(key: string): Promise<boolean> {
  const response = await fetch(`${service.url}/api/v1/reports`, {
    headers: { accept: 'application/json', authorization: `Bearer ${key}` },
  });
  await response.body?.cancel();
  return response.ok;
}

async function devKey(): Promise<{ key: string; reused: boolean }> {
  const saved = existsSync(KEY_PATH) ? readFileSync(KEY_PATH, 'utf8').trim() : '';
  if (saved && (await accepted(saved))) return { key: saved, reused: true };
  const key = service.createKey();
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(KEY_PATH, `${key}\n`, { mode: 0o600 });
  chmodSync(KEY_PATH, 0o600); // an older file keeps its mode on write
  return { key, reused: false };
}

let key: string;
let reused: boolean;
try {
  ({ key, reused } = await devKey());
} catch (error) {
  console.error('Could not make an API key:', error);
  await service.close();
  process.exit(1);
}

console.log(`
${bold('Audit Reports is ready.')}

  Service base URL   ${bold(service.url)}
  API key            ${bold(key)}
                     (${reused ? 'the same key as last time' : 'new'}; kept in ${rel(KEY_PATH)}, data in ${rel(DB_PATH)})

${bold('Load the extension')}

  Chrome
    1. Open chrome://extensions
    2. Turn on "Developer mode" (top right).
    3. Click "Load unpacked" and choose the folder
       ${CHROME_DIR}

  Firefox (140 or newer)
    1. Open about:debugging#/runtime/this-firefox
    2. Click "Load Temporary Add-on…" and choose the file
       ${join(FIREFOX_DIR, 'manifest.json')}
       (a temporary add-on stays until Firefox restarts)

${bold('Connect it to this service')}

  1. Open the extension's options: click its toolbar icon (in the puzzle-piece menu until you
     pin it) and use the popup's button to open the options, or right-click the icon →
     "Options" (Chrome) / "Manage Extension" → Options tab (Firefox).
  2. Base URL: ${service.url}
     API key:  the key above
  3. Click "Save" and allow access to ${new URL(service.url).hostname} when the browser asks;
     the checklist should show every line passing.
  4. Open any http(s) page, click the toolbar icon (or Alt+Shift+A) and "Audit this page".

After changing the code, run \`npm start\` again and reload the extension (the ↻ button in
chrome://extensions; "Reload" in about:debugging).

Serving requests below. Stop with Ctrl-C.
`);

let stopping = false;
const stop = async () => {
  if (stopping) return process.exit(1); // a second Ctrl-C does not wait
  stopping = true;
  console.log('\nStopping the service…');
  await service.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
