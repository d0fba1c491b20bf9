import { once } from 'node:events';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { auditPage, resultFor } from '../../server/audit/audit.ts';
import { CHECKS, runChecks } from '../../server/audit/checks.ts';
import { classify, type FetchedPage } from '../../server/audit/fetch-page.ts';
import { pageFacts } from '../../server/audit/page-facts.ts';
import { SELF_SIGNED_CERT, SELF_SIGNED_KEY } from '../support/self-signed.ts';

function page(html: string, overrides: Partial<FetchedPage> = {}): FetchedPage {
  return {
    finalUrl: 'https://example.com/',
    redirects: 0,
    status: 200,
    headers: new Headers({ 'content-type': 'text/html' }),
    html,
    bytes: html.length,
    truncated: false,
    timeToFirstByteMs: 20,
    ...overrides,
  };
}

function outcome(html: string, id: string, overrides: Partial<FetchedPage> = {}) {
  const { checks } = runChecks({ page: page(html, overrides), facts: pageFacts(html) });
  return checks.find((check) => check.id === id)!;
}

describe('checks', () => {
  it('has at least 12 checks whose weights add up to 100', () => {
    expect(CHECKS.length).toBeGreaterThanOrEqual(12);
    expect(CHECKS.reduce((sum, check) => sum + check.weight, 0)).toBe(100);
    expect(new Set(CHECKS.map((c) => c.id)).size).toBe(CHECKS.length);
  });

  it('maps scores to results at 80 and 50', () => {
    expect([100, 80, 79, 50, 49, 0].map(resultFor)).toEqual([
      'good',
      'good',
      'decent',
      'decent',
      'bad',
      'bad',
    ]);
  });

  it.each([
    ['<title>Short</title>', false],
    ['<title>  A title of fine length </title>', true],
    [`<title>${'x'.repeat(61)}</title>`, false],
    ['<svg><title>An SVG tooltip, not the title</title></svg>', false],
  ])('title: %s → %s', (html, passed) => {
    expect(outcome(html, 'title').passed).toBe(passed);
  });

  it('reads what a browser would, not what a regular expression would', () => {
    const html = `<!doctype html><html lang="de"><head>
      <!-- <title>commented out</title> -->
      <script>document.write('<h1>not a heading</h1>')</script>
      <META NAME="Description" CONTENT="${'d'.repeat(80)}">
      <meta name=viewport content="width=device-width">
      </head><body><h1>One</h1><h2>Two</h2><img alt="" src=a><img src=b ALT="b"></body></html>`;
    expect(outcome(html, 'title').passed).toBe(false);
    expect(outcome(html, 'h1')).toMatchObject({
      passed: true,
      detail: 'The page has 1 h1 heading.',
    });
    expect(outcome(html, 'meta-description').passed).toBe(true);
    expect(outcome(html, 'viewport').passed).toBe(true);
    expect(outcome(html, 'lang')).toMatchObject({ passed: true, detail: '<html lang="de">.' });
    expect(outcome(html, 'image-alt').passed).toBe(true);
    expect(outcome(html, 'heading-order').passed).toBe(true);
    expect(outcome(html, 'doctype').passed).toBe(true);
  });

  it('fails skipped heading levels, missing alt text, noindex and quirks mode', () => {
    const html = '<h1>a</h1><h3>b</h3><img src=x><meta name=robots content="noindex, follow">';
    expect(outcome(html, 'heading-order').detail).toBe('An h3 follows an h1.');
    expect(outcome(html, 'image-alt').detail).toMatch(/0 of 1 images/);
    expect(outcome(html, 'indexable').passed).toBe(false);
    expect(outcome(html, 'doctype').passed).toBe(false);
    const header = outcome('<p>x</p>', 'indexable', {
      headers: new Headers({ 'x-robots-tag': 'noindex' }),
    });
    expect(header.passed).toBe(false);
  });

  it('checks https, status, speed, weight, canonical, structured data and charset', () => {
    expect(outcome('', 'https', { finalUrl: 'http://example.com/' }).passed).toBe(false);
    expect(outcome('', 'https', { finalUrl: 'http://127.0.0.5:8/' }).passed).toBe(true);
    expect(outcome('', 'status', { status: 203 }).passed).toBe(false);
    expect(outcome('', 'response-time', { timeToFirstByteMs: 801 }).passed).toBe(false);
    expect(outcome('', 'page-weight', { bytes: 300 * 1024 }).passed).toBe(false);
    expect(outcome('', 'page-weight', { truncated: true, bytes: 2 * 1024 * 1024 }).detail).toMatch(
      /more than/,
    );
    expect(outcome('<link rel="canonical" href="/a">', 'canonical').detail).toBe(
      'Canonical: https://example.com/a',
    );
    expect(outcome('<link rel=canonical>', 'canonical').passed).toBe(false);
    expect(
      outcome('<script type="application/ld+json">{"a":1}</script>', 'structured-data').passed,
    ).toBe(true);
    expect(outcome('<div itemscope></div>', 'structured-data').passed).toBe(true);
    expect(outcome('<script type="application/ld+json">{</script>', 'structured-data').passed).toBe(
      false,
    );
    expect(outcome('<meta charset=utf-8>', 'charset').passed).toBe(true);
    expect(outcome('', 'charset').passed).toBe(false);
  });

  it('survives deeply nested markup', () => {
    const html = '<div>'.repeat(20_000) + '<h1>deep</h1>';
    expect(outcome(html, 'h1').passed).toBe(true);
  });
});

describe('fetch failures', () => {
  it('tells DNS, refused, timeout and TLS apart', () => {
    const wrap = (cause: object) => Object.assign(new TypeError('fetch failed'), { cause });
    expect(classify(wrap({ code: 'ENOTFOUND' }), 'x.test', 1000).reason).toBe('dns');
    expect(classify(wrap({ code: 'ECONNREFUSED' }), 'x.test', 1000).reason).toBe('refused');
    expect(classify(new DOMException('t', 'TimeoutError'), 'x.test', 1000).reason).toBe('timeout');
    expect(classify(wrap({ code: 'CERT_HAS_EXPIRED' }), 'x.test', 1000).reason).toBe('tls');
    expect(classify(wrap({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' }), 'x.test', 1000).reason).toBe(
      'tls',
    );
    expect(classify(new Error('other'), 'x.test', 1000).reason).toBe('network');
  });

  it('reports a host that does not resolve as DNS', async () => {
    await expect(auditPage('http://no-such-host.invalid/', 3000)).rejects.toMatchObject({
      reason: 'dns',
    });
  });

  it('reports an untrusted certificate as TLS', async () => {
    const server = createServer({ key: SELF_SIGNED_KEY, cert: SELF_SIGNED_CERT }, (_, res) =>
      res.end('<p>hi'),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const error = await auditPage(`https://127.0.0.1:${port}/`, 3000).catch((e: unknown) => e);
      expect(error).toMatchObject({
        reason: 'tls',
        message: expect.stringMatching(/TLS connection/),
      });
    } finally {
      server.close();
    }
  });

  it('refuses schemes other than http and https', async () => {
    await expect(auditPage('file:///etc/passwd')).rejects.toMatchObject({ reason: 'scheme' });
  });
});
