import { defineConfig } from 'wxt';
import { reactWithoutInnerHtml } from './scripts/react-without-inner-html.ts';

// Loopback origins of the reference service. Only the e2e build pre-grants them, so tests can
// drive the extension without a permission prompt; the shipped manifest asks at run time.
const E2E_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*'];

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill', '@wxt-dev/i18n/module'],
  // Explicit imports everywhere: lib/ code reads the same in the extension, tests and server.
  imports: false,
  // No innerHTML assignment left in the bundle: `web-ext lint` (and AMO) stay clean.
  // No modulepreload polyfill: every browser we support (Chrome MV3, Firefox 140+) preloads
  // modules itself, so the polyfill would only add bytes to every page.
  vite: () => ({
    plugins: [reactWithoutInnerHtml()],
    build: { modulePreload: { polyfill: false } },
  }),
  // `npm run zip`: .output/audit-reports-<version>-{chrome,firefox}.zip and, for AMO's reviewers,
  // audit-reports-<version>-sources.zip: the repository as it is needed to rebuild the Firefox zip
  // with `npm ci && npm run build:firefox` (see docs/amo-review.md). Name and version come from
  // package.json. Dot directories (.data, .output, .wxt, .git) and node_modules are left out by
  // WXT; so is what is generated or only for people (screenshots, test artifacts, databases).
  zip: {
    excludeSources: [
      'docs/screenshots/**',
      'e2e/.artifacts/**',
      'coverage/**',
      'bench/results.json',
      '**/*.db',
      '**/*.db-*',
    ],
  },
  // One manifest version everywhere: Firefox MV3 shares `action`, `optional_host_permissions`
  // and the permission model with Chrome, so one code path serves both (see README).
  manifestVersion: 3,
  manifest: ({ browser, mode }) => ({
    // Name and description live in locales/*.yml with every other string; version in package.json.
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: ['storage', 'activeTab', ...(browser === 'chrome' ? ['sidePanel'] : [])],
    // Asked for at run time for the one origin the user configures, never all at once.
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    ...(mode === 'e2e' ? { host_permissions: E2E_HOSTS } : {}),
    // The same icons lib/background/badge.ts restores after the running state (scripts/icons.ts).
    action: {
      default_title: '__MSG_actionTitle__',
      default_icon: { 16: 'icon/16.png', 32: 'icon/32.png' },
    },
    commands: {
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+A' },
        description: '__MSG_commandOpenPopup__',
      },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'audit-reports@example.com',
              // 140: the first (ESR) release with the built-in data consent below.
              strict_min_version: '140.0',
              // Firefox's install prompt names what leaves the browser (README, "Permissions"):
              // the address of each page the person audits and the password they give a report,
              // both sent only to the service they configured.
              data_collection_permissions: { required: ['browsingActivity', 'authenticationInfo'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
