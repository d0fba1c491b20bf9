import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '@/lib/api/errors';
import { deserializeApiError, serializeApiError } from '@/lib/api/serialize-error';
import { checkPage, comparableUrl, lookupSearch, sameUrl } from '@/lib/popup/page-url';

describe('checkPage', () => {
  it.each([
    ['https://example.com/', 'https://example.com/'],
    ['http://127.0.0.1:8080/a?b=1', 'http://127.0.0.1:8080/a?b=1'],
    ['https://example.com/page#section', 'https://example.com/page'],
    ['  https://example.com/x  ', 'https://example.com/x'],
    [
      'https://chromewebstore.google.com/detail/abc',
      'https://chromewebstore.google.com/detail/abc',
    ],
    ['https://addons.mozilla.org/en-US/firefox/', 'https://addons.mozilla.org/en-US/firefox/'],
  ])('%s can be audited as %s', (raw, url) => {
    expect(checkPage(raw)).toEqual({ auditable: true, url });
  });

  it.each([
    [undefined, 'empty'],
    ['', 'empty'],
    ['about:blank', 'empty'],
    ['about:newtab', 'empty'],
    ['about:home', 'empty'],
    ['chrome://newtab/', 'empty'],
    ['chrome://new-tab-page/', 'empty'],
    ['edge://newtab/', 'empty'],
    ['chrome://settings/', 'browser'],
    ['about:config', 'browser'],
    ['about:debugging#/runtime/this-firefox', 'browser'],
    ['edge://extensions', 'browser'],
    ['brave://rewards', 'browser'],
    ['devtools://devtools/bundled/inspector.html', 'browser'],
    ['chrome-extension://abcdef/popup.html', 'extension'],
    ['moz-extension://1234-5678/options.html', 'extension'],
    ['file:///C:/Users/me/page.html', 'file'],
    ['data:text/html,<h1>x</h1>', 'data'],
    ['blob:https://example.com/1234', 'data'],
    ['javascript:void(0)', 'data'],
    ['view-source:https://example.com/', 'view-source'],
    ['ftp://example.com/', 'other'],
    ['not a url', 'other'],
  ])('%s cannot be audited (%s)', (raw, reason) => {
    expect(checkPage(raw)).toEqual({ auditable: false, reason });
  });
});

describe('sameUrl', () => {
  it.each([
    ['https://example.com/', 'https://example.com'],
    ['https://example.com/a/', 'https://example.com/a'],
    ['HTTPS://Example.COM/a', 'https://example.com/a'],
    ['https://example.com:443/a', 'https://example.com/a'],
    ['http://example.com:80/', 'http://example.com'],
    ['https://example.com/a#top', 'https://example.com/a'],
  ])('%s is the page %s', (a, b) => {
    expect(sameUrl(a, b)).toBe(true);
  });

  it.each([
    ['https://example.com/a', 'http://example.com/a'],
    ['https://example.com/a?x=1', 'https://example.com/a'],
    ['https://example.com/a?x=1', 'https://example.com/a?x=2'],
    ['https://example.com/A', 'https://example.com/a'],
    ['https://www.example.com/', 'https://example.com/'],
    ['https://example.com/ab', 'https://example.com/a'],
    ['https://example.com:8443/', 'https://example.com/'],
    ['not a url', 'not a url'],
  ])('%s is not the page %s', (a, b) => {
    expect(sameUrl(a, b)).toBe(false);
  });

  it('compares in one canonical form', () => {
    expect(comparableUrl('HTTPS://Example.com:443/a/b/?q=1#f')).toBe('https://example.com/a/b?q=1');
    expect(comparableUrl('::')).toBeNull();
  });

  it('searches without the trailing slash, so either spelling is found', () => {
    expect(lookupSearch('https://example.com/')).toBe('https://example.com');
    expect(lookupSearch('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
  });
});

describe('ApiError across messaging', () => {
  const kinds: ApiErrorKind[] = [
    'not-configured',
    'no-permission',
    'network',
    'timeout',
    'unauthorized',
    'forbidden',
    'not-found',
    'validation',
    'rate-limited',
    'server',
    'bad-response',
  ];

  it.each(kinds)('%s survives JSON and comes back an ApiError', (kind) => {
    const error = new ApiError(kind, {
      status: 418,
      serverMessage: 'said so',
      body: 'json',
      reason: 'refused',
      fieldErrors: { url: ['bad url'] },
      retryAfter: 30,
      scope: 'record',
      location: 'https://elsewhere.test/',
      origin: 'https://api.test',
    });
    const back = deserializeApiError(JSON.parse(JSON.stringify(serializeApiError(error))));
    expect(back).toBeInstanceOf(ApiError);
    expect({ ...back, message: back.message }).toEqual({ ...error, message: error.message });
  });

  it('keeps an empty fieldErrors an object, and omits what was not set', () => {
    const serialized = serializeApiError(new ApiError('timeout'));
    expect(serialized).toEqual({ kind: 'timeout', message: 'The server took too long to answer' });
    expect(deserializeApiError(serialized).fieldErrors).toEqual({});
  });

  it('carries any other thrown value as bad-response with its message', () => {
    expect(serializeApiError(new TypeError('boom'))).toEqual({
      kind: 'bad-response',
      message: 'boom',
    });
    expect(serializeApiError('text')).toEqual({ kind: 'bad-response', message: 'text' });
  });

  it('reads anything unreadable as bad-response rather than crashing', () => {
    expect(deserializeApiError(undefined).kind).toBe('bad-response');
    expect(deserializeApiError({ kind: 'nonsense' }).kind).toBe('bad-response');
    expect(deserializeApiError('x').kind).toBe('bad-response');
  });
});
