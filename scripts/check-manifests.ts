// Builds the shipped (production) extension for both browsers and checks that each manifest asks
// for exactly the permissions the README explains — nothing broader slips in through a dependency
// or a config change. Part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';

type Manifest = Record<string, unknown> & {
  permissions?: string[];
  optional_host_permissions?: string[];
  host_permissions?: string[];
};

function build(args: string[]): Manifest {
  const { status, stderr } = spawnSync('npx', ['wxt', 'build', ...args], { encoding: 'utf8' });
  if (status !== 0) throw new Error(`wxt build ${args.join(' ')} failed:\n${stderr}`);
  const dir = args.includes('firefox') ? 'firefox-mv3' : 'chrome-mv3';
  return JSON.parse(readFileSync(`.output/${dir}/manifest.json`, 'utf8')) as Manifest;
}

function checkCommon(m: Manifest) {
  assert.equal(m.manifest_version, 3);
  assert.deepEqual(m.optional_host_permissions, ['http://*/*', 'https://*/*']);
  assert.equal(m.host_permissions, undefined, 'no host access is granted at install');
  assert.equal(m.content_scripts, undefined, 'no content scripts');
  for (const broad of ['tabs', '<all_urls>', 'webRequest', 'scripting', 'cookies', 'history']) {
    assert.ok(!m.permissions?.includes(broad), `no ${broad} permission`);
  }
}

const chrome = build(['-b', 'chrome']);
checkCommon(chrome);
assert.deepEqual(chrome.permissions, ['storage', 'activeTab', 'sidePanel']);
assert.ok(chrome.side_panel, 'Chrome gets a side panel');
assert.equal(chrome.browser_specific_settings, undefined, 'Chrome gets no gecko keys');
assert.equal(chrome.sidebar_action, undefined);

const firefox = build(['-b', 'firefox', '--mv3']);
checkCommon(firefox);
assert.deepEqual(firefox.permissions, ['storage', 'activeTab']);
assert.ok(firefox.sidebar_action, 'Firefox gets a sidebar');
assert.equal(firefox.side_panel, undefined, 'Firefox gets no side_panel');
assert.ok(
  (firefox.browser_specific_settings as { gecko?: { id?: string } })?.gecko?.id,
  'Firefox has a gecko id',
);

console.log(
  'manifests: Chrome and Firefox ask for exactly storage, activeTab (+ sidePanel in Chrome)',
);
console.log('manifests: host access only as optional_host_permissions, asked at run time');
