// `node scripts/icons.ts`: renders scripts/icon.svg into the PNGs the extension ships.
//
//   public/icon/{16,32,48,128}.png   the extension and toolbar icon (WXT lists public/icon/<size>.png
//                                    in the manifest's `icons` by itself)
//   public/icon/running/{16,32}.png  the toolbar icon while an audit runs (lib/background/badge.ts)
//
// Rendered by headless Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH) with a transparent
// background, each size from the vector source, so small sizes are not a downscaled 128 px.
// The PNGs are committed: building the extension needs neither Chromium nor this script.
//
//   node scripts/icons.ts                     write the PNGs
//   node scripts/icons.ts --preview out.png   also a sheet of every icon on light and dark toolbars
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Page } from 'puppeteer-core';
import { ROOT } from './build-e2e.ts';

export const ICON_SIZES = [16, 32, 48, 128] as const;
export const RUNNING_ICON_SIZES = [16, 32] as const;

const SOURCE = join(ROOT, 'scripts/icon.svg');
const OUT = join(ROOT, 'public/icon');

/** The source SVG, with the "running" group shown or not, drawn at `size` CSS pixels. */
export function iconSvg(size: number, { running = false } = {}): string {
  let svg = readFileSync(SOURCE, 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  svg = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  if (running) svg = svg.replace('id="running" display="none"', 'id="running"');
  return svg;
}

async function render(page: Page, svg: string, size: number): Promise<Uint8Array> {
  await page.setViewport({ width: size, height: size, deviceScaleFactor: 1 });
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`,
  );
  return page.screenshot({
    type: 'png',
    omitBackground: true,
    clip: { x: 0, y: 0, width: size, height: size },
  });
}

/** Light and dark toolbars with every icon on them, at 2× so a person can judge the pixels. */
function previewHtml(): string {
  const row = (background: string) =>
    `<div style="display:flex;gap:24px;align-items:center;padding:16px;background:${background}">` +
    [
      ...ICON_SIZES.map((s) => ['', s] as const),
      ...RUNNING_ICON_SIZES.map((s) => ['r', s] as const),
    ]
      .map(([kind, size]) => {
        const src = `${kind ? 'running/' : ''}${size}.png`;
        const png = readFileSync(join(OUT, src)).toString('base64');
        return `<img src="data:image/png;base64,${png}" width="${size}" height="${size}">`;
      })
      .join('') +
    '</div>';
  return `<body style="margin:0">${row('#f9f9fb')}${row('#2b2a33')}${row('#202124')}</body>`;
}

async function main() {
  const previewAt = process.argv.indexOf('--preview');
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--force-color-profile=srgb'],
  });
  try {
    const page = await browser.newPage();
    const jobs = [
      ...ICON_SIZES.map((size) => ({ size, running: false, path: join(OUT, `${size}.png`) })),
      ...RUNNING_ICON_SIZES.map((size) => ({
        size,
        running: true,
        path: join(OUT, `running/${size}.png`),
      })),
    ];
    for (const { size, running, path } of jobs) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, await render(page, iconSvg(size, { running }), size));
      console.log(`icon → ${path.slice(ROOT.length + 1)}`);
    }
    if (previewAt > 0) {
      const out = process.argv[previewAt + 1] ?? 'icons-preview.png';
      await page.setViewport({ width: 420, height: 300, deviceScaleFactor: 2 });
      await page.setContent(previewHtml());
      await page.screenshot({ path: out as `${string}.png`, fullPage: true });
      console.log(`preview → ${out}`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
