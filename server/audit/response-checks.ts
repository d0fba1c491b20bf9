import type { Check } from './check-types.ts';
import { metaContent } from './page-facts.ts';

const MAX_TTFB_MS = 800;
const MAX_HTML_BYTES = 200 * 1024;

/** Browsers treat loopback as a secure context; so does this check (tests audit loopback pages). */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Checks of how the page is delivered: transport, status, speed, size, indexing. */
export const RESPONSE_CHECKS: readonly Check[] = [
  {
    id: 'https',
    title: 'Served over HTTPS',
    weight: 8,
    run: ({ page }) => {
      const url = new URL(page.finalUrl);
      if (url.protocol === 'https:')
        return { passed: true, detail: 'The page is served over HTTPS.' };
      if (isLoopback(url.hostname)) {
        return { passed: true, detail: 'Loopback address: a secure context without HTTPS.' };
      }
      return { passed: false, detail: 'The page is served over plain HTTP.' };
    },
  },
  {
    id: 'status',
    title: 'Answers 200 OK',
    weight: 8,
    run: ({ page }) => {
      const hops = page.redirects
        ? ` after ${page.redirects} redirect${page.redirects > 1 ? 's' : ''}`
        : '';
      return { passed: page.status === 200, detail: `HTTP ${page.status}${hops}.` };
    },
  },
  {
    id: 'response-time',
    title: `Responds within ${MAX_TTFB_MS} ms`,
    weight: 6,
    run: ({ page }) => {
      const ms = Math.round(page.timeToFirstByteMs);
      return { passed: ms <= MAX_TTFB_MS, detail: `First byte after ${ms} ms.` };
    },
  },
  {
    id: 'page-weight',
    title: `HTML under ${MAX_HTML_BYTES / 1024} KB`,
    weight: 5,
    run: ({ page }) => {
      const kb = Math.ceil(page.bytes / 1024);
      const more = page.truncated ? 'more than ' : '';
      return {
        passed: !page.truncated && page.bytes <= MAX_HTML_BYTES,
        detail: `The HTML weighs ${more}${kb} KB.`,
      };
    },
  },
  {
    id: 'indexable',
    title: 'Not blocked from search engines (noindex)',
    weight: 8,
    run: ({ facts, page }) => {
      const meta = `${metaContent(facts, 'robots') ?? ''} ${metaContent(facts, 'googlebot') ?? ''}`;
      const header = page.headers.get('x-robots-tag') ?? '';
      if (/noindex|none/i.test(meta))
        return { passed: false, detail: 'A robots meta tag says noindex.' };
      if (/noindex|none/i.test(header))
        return { passed: false, detail: 'X-Robots-Tag says noindex.' };
      return { passed: true, detail: 'Search engines may index the page.' };
    },
  },
];
