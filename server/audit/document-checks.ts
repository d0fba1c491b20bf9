import type { Check } from './check-types.ts';
import { metaContent } from './page-facts.ts';

function lengthCheck(text: string | undefined, min: number, max: number, what: string) {
  if (text === undefined || text.trim() === '') return { passed: false, detail: `No ${what}.` };
  const length = [...text.trim()].length;
  const passed = length >= min && length <= max;
  return { passed, detail: `The ${what} is ${length} characters (${min}–${max} recommended).` };
}

/** Checks of the document itself: what its markup says. */
export const DOCUMENT_CHECKS: readonly Check[] = [
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
