import type { FetchedPage } from './fetch-page.ts';
import { metaContent, type PageFacts } from './page-facts.ts';

export interface CheckOutcome {
  id: string;
  title: string;
  passed: boolean;
  detail: string;
}

interface CheckInput {
  page: FetchedPage;
  facts: PageFacts;
}

interface Check {
  id: string;
  title: string;
  /** Points this check is worth; all weights add up to 100, so the score is a plain sum. */
  weight: number;
  run(input: CheckInput): { passed: boolean; detail: string };
}

const MAX_TTFB_MS = 800;
const MAX_HTML_BYTES = 200 * 1024;

function lengthCheck(text: string | undefined, min: number, max: number, what: string) {
  if (text === undefined || text.trim() === '') return { passed: false, detail: `No ${what}.` };
  const length = [...text.trim()].length;
  const passed = length >= min && length <= max;
  return { passed, detail: `The ${what} is ${length} characters (${min}–${max} recommended).` };
}

/** Browsers treat loopback as a secure context; so does this check (tests audit loopback pages). */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

export const CHECKS: readonly Check[] = [
  {
    id: 'title',
    title: 'Title present and 10–60 characters',
    weight: 10,
    run: ({ facts }) => lengthCheck(facts.titles[0], 10, 60, 'title'),
  },
  {
    id: 'meta-description',
    title: 'Meta description 50–160 characters',
    weight: 8,
    run: ({ facts }) => lengthCheck(metaContent(facts, 'description'), 50, 160, 'meta description'),
  },
  {
    id: 'h1',
    title: 'Exactly one h1 heading',
    weight: 8,
    run: ({ facts }) => {
      const count = facts.headings.filter((level) => level === 1).length;
      return {
        passed: count === 1,
        detail: `The page has ${count} h1 heading${count === 1 ? '' : 's'}.`,
      };
    },
  },
  {
    id: 'lang',
    title: 'Document language declared',
    weight: 5,
    run: ({ facts }) =>
      facts.lang
        ? { passed: true, detail: `<html lang="${facts.lang}">.` }
        : { passed: false, detail: 'The <html> element has no lang attribute.' },
  },
  {
    id: 'viewport',
    title: 'Mobile viewport meta tag',
    weight: 8,
    run: ({ facts }) => {
      const content = metaContent(facts, 'viewport');
      const passed = content !== undefined && /width\s*=\s*device-width/i.test(content);
      return { passed, detail: content ? `viewport: "${content}".` : 'No viewport meta tag.' };
    },
  },
  {
    id: 'canonical',
    title: 'Canonical URL declared',
    weight: 5,
    run: ({ facts, page }) => {
      const link = facts.links.find((l) =>
        (l.rel ?? '').toLowerCase().split(/\s+/).includes('canonical'),
      );
      if (!link?.href) return { passed: false, detail: 'No <link rel="canonical">.' };
      const href = URL.parse(link.href, page.finalUrl);
      return href
        ? { passed: true, detail: `Canonical: ${href.href}` }
        : { passed: false, detail: 'The canonical link is not a valid URL.' };
    },
  },
  {
    id: 'image-alt',
    title: 'Every image has alternative text',
    weight: 7,
    run: ({ facts }) => {
      if (facts.images === 0) return { passed: true, detail: 'The page has no images.' };
      const percent = Math.floor((facts.imagesWithAlt / facts.images) * 100);
      return {
        passed: facts.imagesWithAlt === facts.images,
        detail: `${facts.imagesWithAlt} of ${facts.images} images have an alt attribute (${percent}%).`,
      };
    },
  },
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
  {
    id: 'heading-order',
    title: 'Heading levels do not skip',
    weight: 4,
    run: ({ facts }) => {
      let previous = 0;
      for (const level of facts.headings) {
        if (level > previous + 1) {
          return {
            passed: false,
            detail: `An h${level} follows ${previous ? `an h${previous}` : 'no heading'}.`,
          };
        }
        previous = level;
      }
      return {
        passed: facts.headings.length > 0,
        detail: facts.headings.length
          ? 'Heading levels are in order.'
          : 'The page has no headings.',
      };
    },
  },
  {
    id: 'structured-data',
    title: 'Structured data (JSON-LD or microdata)',
    weight: 4,
    run: ({ facts }) => {
      const valid = facts.jsonLd.filter((text) => {
        try {
          return typeof JSON.parse(text) === 'object';
        } catch {
          return false;
        }
      }).length;
      if (valid > 0)
        return { passed: true, detail: `${valid} valid JSON-LD block${valid > 1 ? 's' : ''}.` };
      if (facts.microdata) return { passed: true, detail: 'Microdata (itemscope) found.' };
      const invalid = facts.jsonLd.length ? ' (JSON-LD present but not valid JSON)' : '';
      return { passed: false, detail: `No structured data${invalid}.` };
    },
  },
  {
    id: 'charset',
    title: 'Character encoding declared',
    weight: 3,
    run: ({ facts, page }) => {
      const meta = facts.metas.find((m) => m.charset || /charset=/i.test(m.content ?? ''));
      if (meta)
        return { passed: true, detail: `Declared in the page (${meta.charset ?? meta.content}).` };
      const header = /charset=([\w-]+)/i.exec(page.headers.get('content-type') ?? '')?.[1];
      if (header) return { passed: true, detail: `Declared in Content-Type (${header}).` };
      return { passed: false, detail: 'No character encoding declared.' };
    },
  },
  {
    id: 'doctype',
    title: 'Standards mode (<!DOCTYPE html>)',
    weight: 3,
    run: ({ facts }) =>
      facts.doctype && !facts.quirksMode
        ? { passed: true, detail: 'The page renders in standards mode.' }
        : {
            passed: false,
            detail: facts.doctype
              ? 'The doctype triggers quirks mode.'
              : 'No doctype: quirks mode.',
          },
  },
];

export function runChecks(input: CheckInput): { score: number; checks: CheckOutcome[] } {
  let score = 0;
  const checks = CHECKS.map((check) => {
    const { passed, detail } = check.run(input);
    if (passed) score += check.weight;
    return { id: check.id, title: check.title, passed, detail };
  });
  return { score, checks };
}
