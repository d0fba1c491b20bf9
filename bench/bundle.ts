/**
 * Bundle sizes: the gzip size of all JavaScript each page of the production build loads —
 * the HTML's module scripts and modulepreloads, and every chunk those import statically (a
 * dynamic `import()` is listed apart: it loads later, if at all). The background is the
 * manifest's service worker and what it imports.
 *
 * The build is the shipped one (production mode, no e2e host permissions), written to
 * .output/chrome-mv3-bench by bench/wxt.config.ts so it never races another `npm run build`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUILD_SOURCES, isBuildStale, ROOT, runWxtBuild } from '../scripts/build-e2e.ts';

export const BUNDLE_DIR = join(ROOT, '.output/chrome-mv3-bench');
/** Issue 4: all JavaScript the popup loads ≤ 90 KB gzip (kB of 1,000 bytes: the stricter reading). */
export const POPUP_BUDGET_BYTES = 90_000;

// Everything that ends up in the bundle (as scripts/build-e2e.ts counts it), plus this config.
const SOURCES = [...BUILD_SOURCES, 'bench/wxt.config.ts'];

/** Builds the production extension for Chrome unless it is up to date; returns seconds spent. */
export function buildProduction(): number {
  if (!isBuildStale(BUNDLE_DIR, SOURCES)) return 0;
  const started = performance.now();
  process.stdout.write('building the production extension for bundle sizes… ');
  runWxtBuild(['build', '-b', 'chrome', '-c', 'bench/wxt.config.ts']);
  const seconds = (performance.now() - started) / 1000;
  console.log(`done in ${seconds.toFixed(1)} s`);
  return seconds;
}

export interface PageBundle {
  page: string;
  /** Output-relative paths of the JavaScript loaded at start, in discovery order. */
  files: string[];
  bytes: number;
  gzipBytes: number;
  /** Chunks only reachable through a dynamic import(): not loaded at start, not counted above. */
  lazyFiles: string[];
  lazyGzipBytes: number;
}

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(BUNDLE_DIR, file))).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** Resolves a specifier found in `from` (output-relative) to an output-relative path. */
function resolveIn(from: string, specifier: string): string | null {
  if (!/^(\.{1,2})?\//.test(specifier)) return null; // a bare or URL specifier: not ours
  const path = specifier.startsWith('/')
    ? specifier.slice(1)
    : posix.normalize(posix.join(posix.dirname(from), specifier));
  return existsSync(join(BUNDLE_DIR, path)) ? path : null;
}

// Minified ES modules: `import{a as b}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`.
const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["'`]([^"'`]+\.m?js)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`]+\.m?js)["'`]\s*\)/g;

function specifiers(code: string, pattern: RegExp): string[] {
  return [...code.matchAll(pattern)].map((m) => m[1]!);
}

/** The JavaScript `entries` load at start (following static imports) and only lazily. */
function closure(entries: string[]): { eager: string[]; lazy: string[] } {
  const eager: string[] = [];
  const lazyRoots: string[] = [];
  const visit = (file: string, into: string[], seen: Set<string>) => {
    if (seen.has(file)) return;
    seen.add(file);
    into.push(file);
    const code = readFileSync(join(BUNDLE_DIR, file), 'utf8');
    for (const s of specifiers(code, STATIC_IMPORT)) {
      const next = resolveIn(file, s);
      if (next) visit(next, into, seen);
    }
    for (const s of specifiers(code, DYNAMIC_IMPORT)) {
      const next = resolveIn(file, s);
      if (next) lazyRoots.push(next);
    }
  };
  const seen = new Set<string>();
  for (const entry of entries) visit(entry, eager, seen);
  const lazy: string[] = [];
  for (const root of lazyRoots) visit(root, lazy, seen);
  return { eager, lazy };
}

/** `<script src>` and `<link rel="modulepreload" href>` of an HTML file, in order. */
function htmlScripts(html: string, htmlPath: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
    const isScript = /^<script/i.test(tag);
    const url = isScript ? attr('src') : /modulepreload/i.test(attr('rel') ?? '') && attr('href');
    if (!url) continue;
    const path = resolveIn(htmlPath, url);
    if (path) found.push(path);
  }
  return found;
}

function measure(page: string, entries: string[]): PageBundle {
  const { eager, lazy } = closure(entries);
  const sum = (files: string[], size: (f: string) => number) =>
    files.reduce((total, f) => total + size(f), 0);
  return {
    page,
    files: eager,
    bytes: sum(eager, (f) => statSync(join(BUNDLE_DIR, f)).size),
    gzipBytes: sum(eager, gzipSize),
    lazyFiles: lazy,
    lazyGzipBytes: sum(lazy, gzipSize),
  };
}

/** Sizes for popup, side panel, options and background of the built extension. */
export function measureBundles(): PageBundle[] {
  const manifest = JSON.parse(readFileSync(join(BUNDLE_DIR, 'manifest.json'), 'utf8')) as {
    action?: { default_popup?: string };
    side_panel?: { default_path?: string };
    options_ui?: { page?: string };
    options_page?: string;
    background?: { service_worker?: string };
  };
  const pages: [string, string | undefined][] = [
    ['popup', manifest.action?.default_popup],
    ['side panel', manifest.side_panel?.default_path],
    ['options', manifest.options_ui?.page ?? manifest.options_page],
  ];
  const bundles = pages.map(([name, html]) => {
    if (!html) throw new Error(`The manifest names no ${name} page`);
    const text = readFileSync(join(BUNDLE_DIR, html), 'utf8');
    return measure(name, htmlScripts(text, html));
  });
  const worker = manifest.background?.service_worker;
  if (!worker) throw new Error('The manifest names no background service worker');
  bundles.push(measure('background', [worker]));
  return bundles;
}
