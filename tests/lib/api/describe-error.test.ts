import { describe, expect, it } from 'vitest';
import { describeError, formatWait } from '@/lib/api/describe-error';
import { ApiError, isApiError, networkReason, type ApiErrorKind } from '@/lib/api/errors';
import { switchLocale } from '../support/locale';

const origin = 'https://audit.example.com';

describe('describeError: every ApiError kind gets its own sentence and a way forward', () => {
  const cases: [string, ApiError, { title: RegExp; detail: RegExp; action: string }][] = [
    [
      'not-configured',
      new ApiError('not-configured', { message: 'No API key is set', setup: 'no-key' }),
      { title: /Set up/, detail: /No API key is set\. Enter the base URL/, action: 'open-options' },
    ],
    [
      'not-configured: a refused base URL says why, in its own words',
      new ApiError('not-configured', {
        message: 'Remove the “#…” part: the base URL cannot have a fragment.',
        setup: 'invalid-base-url',
      }),
      {
        title: /Set up/,
        detail: /^Remove the “#…” part: the base URL cannot have a fragment\. Enter the base URL/,
        action: 'open-options',
      },
    ],
    [
      'not-configured without a known cause (its message is for logs only)',
      new ApiError('not-configured', { message: 'internal detail' }),
      {
        title: /Set up/,
        detail: /^The extension has no base URL or API key yet\. Enter/,
        action: 'open-options',
      },
    ],
    [
      'no-permission',
      new ApiError('no-permission', { origin }),
      { title: /Permission/, detail: /audit\.example\.com/, action: 'grant-permission' },
    ],
    [
      'network dns',
      new ApiError('network', { reason: 'dns', origin }),
      { title: /not found/, detail: /audit\.example\.com.*typos/, action: 'open-options' },
    ],
    [
      'network refused',
      new ApiError('network', { reason: 'refused', origin }),
      { title: /refused/, detail: /running.*port/, action: 'retry' },
    ],
    [
      'network tls',
      new ApiError('network', { reason: 'tls', origin }),
      {
        title: /Secure connection/,
        detail: /certificate.*http:\/\/ or https:\/\//,
        action: 'open-options',
      },
    ],
    [
      'network unknown (browsers)',
      new ApiError('network', { reason: 'unknown', origin }),
      { title: /Could not reach/, detail: /offline/, action: 'retry' },
    ],
    [
      'network without an origin names no host',
      new ApiError('network', { reason: 'dns' }),
      { title: /not found/, detail: /^The server could not be found\./, action: 'open-options' },
    ],
    [
      'timeout',
      new ApiError('timeout'),
      { title: /too long/, detail: /try again/, action: 'retry' },
    ],
    [
      '401',
      new ApiError('unauthorized', { status: 401, serverMessage: 'Unauthenticated.' }),
      { title: /API key refused/, detail: /options page/, action: 'open-options' },
    ],
    [
      'a key refused before sending',
      new ApiError('unauthorized', {
        message: 'The API key contains characters an API key cannot have',
        setup: 'key-characters',
      }),
      {
        title: /API key refused/,
        detail: /^The API key contains characters .*\(spaces or non-ASCII\)\.$/,
        action: 'open-options',
      },
    ],
    [
      '403 shows the server’s message',
      new ApiError('forbidden', { status: 403, serverMessage: 'Your plan has no credits left.' }),
      { title: /Not allowed/, detail: /^Your plan has no credits left\.$/, action: 'none' },
    ],
    [
      '403 without a message',
      new ApiError('forbidden', { status: 403 }),
      { title: /Not allowed/, detail: /plan/, action: 'none' },
    ],
    [
      '404 on a list: not this service / wrong path',
      new ApiError('not-found', { status: 404, scope: 'collection', body: 'json' }),
      { title: /not at this address/, detail: /without \/api\/v1/, action: 'open-options' },
    ],
    [
      '404 for a record: it no longer exists',
      new ApiError('not-found', { status: 404, scope: 'record', body: 'json' }),
      { title: /no longer exists/, detail: /refresh/, action: 'refresh' },
    ],
    [
      '404 as a web page for a record: wrong address',
      new ApiError('not-found', { status: 404, scope: 'record', body: 'html' }),
      { title: /not at this address/, detail: /./, action: 'open-options' },
    ],
    [
      '422',
      new ApiError('validation', {
        status: 422,
        serverMessage: 'The url field is required.',
        fieldErrors: { url: ['The url field is required.'] },
      }),
      { title: /check/, detail: /^The url field is required\.$/, action: 'none' },
    ],
    [
      '429 with its wait',
      new ApiError('rate-limited', { status: 429, retryAfter: 42 }),
      { title: /Too many/, detail: /wait 42 seconds/, action: 'retry-later' },
    ],
    [
      '429 without a wait',
      new ApiError('rate-limited', { status: 429 }),
      { title: /Too many/, detail: /in a moment/, action: 'retry-later' },
    ],
    [
      '5xx json',
      new ApiError('server', { status: 500, body: 'json', serverMessage: 'Server Error.' }),
      { title: /problem/, detail: /error 500.*is lost.*“Server Error\.”/, action: 'retry' },
    ],
    [
      '5xx html (a proxy page)',
      new ApiError('server', { status: 502, body: 'html' }),
      { title: /problem/, detail: /502 \(an error page from a proxy/, action: 'retry' },
    ],
    [
      'HTML instead of the API',
      new ApiError('bad-response', { status: 200, body: 'html' }),
      {
        title: /web page/,
        detail: /answered with a web page, not the Audit Reports API — check the base URL/,
        action: 'open-options',
      },
    ],
    [
      'a redirect with its target',
      new ApiError('bad-response', {
        status: 301,
        body: 'redirect',
        location: 'https://x.example/',
      }),
      { title: /redirects/, detail: /https:\/\/x\.example\//, action: 'open-options' },
    ],
    [
      'an opaque redirect (browsers)',
      new ApiError('bad-response', { status: 0, body: 'redirect' }),
      { title: /redirects/, detail: /final address/, action: 'open-options' },
    ],
    [
      'an unexpected status',
      new ApiError('bad-response', { status: 418, body: 'json', serverMessage: 'teapot' }),
      { title: /Unexpected/, detail: /418.*teapot/, action: 'retry' },
    ],
    [
      'a body of the wrong shape',
      new ApiError('bad-response', { status: 200, body: 'json' }),
      { title: /Unexpected/, detail: /shape/, action: 'open-options' },
    ],
  ];

  it.each(cases)('%s', (_name, error, expected) => {
    const described = describeError(error);
    expect(described.title).toMatch(expected.title);
    expect(described.detail).toMatch(expected.detail);
    expect(described.action).toBe(expected.action);
  });

  it('covers every kind', () => {
    const kinds = new Set(cases.map(([, error]) => error.kind));
    const all: ApiErrorKind[] = [
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
    expect([...kinds].sort()).toEqual(all.sort());
  });

  it('passes field errors and the wait on', () => {
    const fieldErrors = { password: ['Required when privacy is 2.'] };
    expect(describeError(new ApiError('validation', { fieldErrors })).fieldErrors).toEqual(
      fieldErrors,
    );
    expect(describeError(new ApiError('rate-limited', { retryAfter: 90 }))).toMatchObject({
      retryAfter: 90,
      detail: expect.stringMatching(/2 minutes/),
    });
  });

  it('anything else: cancelled, a plain Error, a string, nothing', () => {
    expect(describeError(new DOMException('x', 'AbortError'))).toMatchObject({ action: 'none' });
    expect(describeError(new Error('Boom'))).toMatchObject({ detail: 'Boom', action: 'retry' });
    expect(describeError('odd')).toMatchObject({ detail: 'odd' });
    expect(describeError(undefined).detail).toMatch(/unexpected/);
  });
});

describe('ApiError', () => {
  it('is an Error with a kind, and a guard that narrows by kind', () => {
    const error = new ApiError('server', { status: 503, cause: new Error('x') });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.message).toMatch(/server failed/);
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.fieldErrors).toEqual({});
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error, 'server', 'timeout')).toBe(true);
    expect(isApiError(error, 'network')).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
  });

  it('reads the network reason from Node’s error codes, however deep', () => {
    const wrap = (code: string) =>
      new TypeError('fetch failed', { cause: Object.assign(new Error(), { code }) });
    expect(networkReason(wrap('ENOTFOUND'))).toBe('dns');
    expect(networkReason(wrap('EAI_AGAIN'))).toBe('dns');
    expect(networkReason(wrap('ECONNREFUSED'))).toBe('refused');
    expect(networkReason(wrap('CERT_HAS_EXPIRED'))).toBe('tls');
    expect(networkReason(wrap('DEPTH_ZERO_SELF_SIGNED_CERT'))).toBe('tls');
    expect(networkReason(wrap('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe('tls');
    expect(networkReason(wrap('ECONNRESET'))).toBe('unknown');
    const aggregate = new AggregateError([Object.assign(new Error(), { code: 'ECONNREFUSED' })]);
    expect(networkReason(new TypeError('fetch failed', { cause: aggregate }))).toBe('refused');
    // Browsers: "Failed to fetch", nothing more.
    expect(networkReason(new TypeError('Failed to fetch'))).toBe('unknown');
  });

  it('formats waits', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(30)).toBe('30 seconds');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(61)).toBe('2 minutes');
  });

  it('speaks the browser’s language, plurals included', async () => {
    await switchLocale('de');
    expect(formatWait(1)).toBe('1 Sekunde');
    expect(formatWait(30)).toBe('30 Sekunden');
    expect(formatWait(60)).toBe('1 Minute');
    expect(formatWait(90)).toBe('2 Minuten');
    expect(describeError(new ApiError('rate-limited', { retryAfter: 90 }))).toMatchObject({
      title: 'Zu viele Anfragen',
      detail: 'Der Dienst bittet, 2 Minuten zu warten, bevor Sie es erneut versuchen.',
    });
    expect(describeError(new ApiError('network', { reason: 'dns', origin })).detail).toMatch(
      /^Es wurde kein Server namens audit\.example\.com gefunden\./,
    );
  });
});
