import { browser } from 'wxt/browser';

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

let locale: { value: string | undefined } | undefined;

/**
 * The browser's UI language, so dates read like the rest of the extension's strings. It cannot
 * change while a page is open, so it is asked once.
 */
function uiLocale(): string | undefined {
  if (!locale) {
    try {
      locale = { value: browser.i18n.getUILanguage() };
    } catch {
      return undefined;
    }
  }
  return locale.value;
}

// Building an Intl formatter costs far more than using one (a list of 100 rows would build 200):
// keep one of each per locale.
const relativeFormats = new Map<string | undefined, Intl.RelativeTimeFormat>();
const exactFormats = new Map<string | undefined, Intl.DateTimeFormat>();

function relativeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

function exactFormat(locale: string | undefined): Intl.DateTimeFormat {
  let format = exactFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    exactFormats.set(locale, format);
  }
  return format;
}

export function formatRelative(iso: string, now: Date = new Date()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const seconds = Math.round((time - now.getTime()) / 1000);
  const format = relativeFormat(uiLocale());
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return format.format(Math.trunc(seconds / size), unit);
    }
  }
  return iso;
}

/** Exact texts already made: a list shows the same dates again on every re-render. */
const exactTexts = new Map<string, string>();

export function formatExact(iso: string): string {
  let text = exactTexts.get(iso);
  if (text !== undefined) return text;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  text = exactFormat(uiLocale()).format(time);
  if (exactTexts.size >= 2_000) exactTexts.clear();
  exactTexts.set(iso, text);
  return text;
}
