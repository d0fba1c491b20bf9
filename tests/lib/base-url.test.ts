import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isLoopbackHost, normalizeBaseUrl } from '@/lib/base-url';
import { switchLocale } from './support/locale';

describe('normalizeBaseUrl: accepted inputs', () => {
  it.each([
    // input, baseUrl, notes count, warnings count
    ['https://audit.example.com', 'https://audit.example.com', 0, 0],
    ['  https://audit.example.com  ', 'https://audit.example.com', 0, 0],
    ['https://audit.example.com/', 'https://audit.example.com', 1, 0],
    ['https://audit.example.com///', 'https://audit.example.com', 1, 0],
    ['https://audit.example.com/api/v1', 'https://audit.example.com', 1, 0],
    ['https://audit.example.com/api/v1/', 'https://audit.example.com', 1, 0],
    ['https://audit.example.com/API/V1', 'https://audit.example.com', 1, 0],
    ['https://audit.example.com/api/v1/reports', 'https://audit.example.com', 1, 0],
    ['https://example.com/audit/api/v1/', 'https://example.com/audit', 1, 0],
    ['https://example.com/audit/', 'https://example.com/audit', 1, 0],
    ['https://example.com/Audit', 'https://example.com/Audit', 0, 0],
    ['HTTPS://Audit.Example.COM', 'https://audit.example.com', 0, 0],
    ['https://audit.example.com:443', 'https://audit.example.com', 0, 0],
    ['https://audit.example.com:8443/', 'https://audit.example.com:8443', 1, 0],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787', 0, 0],
    ['http://localhost:8787/api/v1', 'http://localhost:8787', 1, 0],
    ['http://[::1]:8787', 'http://[::1]:8787', 0, 0],
    ['http://audit.example.com', 'http://audit.example.com', 0, 1],
    ['http://192.168.1.20:8787/', 'http://192.168.1.20:8787', 1, 1],
    ['https://bücher.example', 'https://xn--bcher-kva.example', 0, 0],
    ['https://example.com/api', 'https://example.com/api', 0, 0],
  ])('%s → %s', (input, expected, notes, warnings) => {
    const result = normalizeBaseUrl(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.baseUrl).toBe(expected);
    expect(result.origin).toBe(new URL(expected).origin);
    expect(result.notes).toHaveLength(notes);
    expect(result.warnings).toHaveLength(warnings);
  });

  it('says what it removed', () => {
    const result = normalizeBaseUrl('https://a.example/api/v1/');
    expect(result.ok && result.notes[0]).toMatch(/Removed \/api\/v1 .*the extension adds/);
  });

  it('warns about plain http to another machine, with the host', () => {
    const result = normalizeBaseUrl('http://audit.example.com');
    expect(result.ok && result.warnings[0]).toMatch(/plain http.*audit\.example\.com/);
  });
});

describe('normalizeBaseUrl: refused inputs', () => {
  it.each([
    ['', /Enter the address/],
    ['   ', /Enter the address/],
    ['audit.example.com', /https:\/\/audit\.example\.com\?/],
    ['localhost:8787', /http:\/\/localhost:8787\?/],
    ['127.0.0.1:8787/api/v1', /http:\/\/127\.0\.0\.1:8787\/api\/v1\?/],
    ['//audit.example.com', /https:\/\/audit\.example\.com\?/],
    ['ftp://audit.example.com', /“ftp:” addresses are not supported/],
    ['file:///home/me', /“file:” addresses are not supported/],
    ['chrome://extensions', /“chrome:” addresses are not supported/],
    ['https:audit.example.com', /two slashes.*https:\/\/audit\.example\.com/],
    ['https:/audit.example.com', /two slashes/],
    ['https://audit.example.com/?key=1', /query string/],
    ['https://audit.example.com/#top', /fragment/],
    ['https://audit.example.com?', /query string/],
    ['https://user:pass@audit.example.com', /user name and password/],
    ['https://exa mple.com', /not a valid web address/],
    ['https://', /not a valid web address|no host/],
  ])('%j is refused', (input, message) => {
    const result = normalizeBaseUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('suggests the scheme rather than guessing it', () => {
    expect(normalizeBaseUrl('audit.example.com/')).toMatchObject({
      ok: false,
      suggestion: 'https://audit.example.com/',
    });
    expect(normalizeBaseUrl('localhost:8787')).toMatchObject({
      ok: false,
      suggestion: 'http://localhost:8787',
    });
  });
});

describe('normalizeBaseUrl: properties', () => {
  it('is idempotent and never ends in / or /api/v1', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: false, withFragments: false }), (url) => {
        const once = normalizeBaseUrl(url);
        if (!once.ok) return;
        expect(once.baseUrl).not.toMatch(/\/$|\/api\/v1$/i);
        const twice = normalizeBaseUrl(once.baseUrl);
        expect(twice).toMatchObject({ ok: true, baseUrl: once.baseUrl, notes: [] });
      }),
      { numRuns: 200 },
    );
  });

  it('recognises loopback hosts', () => {
    for (const host of ['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]']) {
      expect(isLoopbackHost(host)).toBe(true);
    }
    for (const host of ['example.com', '10.0.0.1', 'localhost.example.com', '128.0.0.1']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });
});

describe('normalizeBaseUrl: in the browser’s language', () => {
  it('says it in German for a German browser', async () => {
    await switchLocale('de');
    expect(normalizeBaseUrl('audit.example.com')).toMatchObject({
      ok: false,
      error:
        'Ergänzen Sie das Schema vor der Adresse: https://audit.example.com? Die Erweiterung errät es nicht.',
    });
    const result = normalizeBaseUrl('http://audit.example.com/api/v1');
    expect(result.ok && [...result.notes, ...result.warnings]).toEqual([
      '/api/v1 am Ende entfernt – die Erweiterung ergänzt den API-Pfad selbst.',
      expect.stringMatching(
        /^Diese Adresse verwendet unverschlüsseltes http: .*audit\.example\.com/,
      ),
    ]);
  });
});
