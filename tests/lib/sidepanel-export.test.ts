import { describe, expect, it } from 'vitest';
import type { Page, Report } from '@/lib/api/schemas';
import { csvCell, toCsv } from '@/lib/sidepanel/csv';
import {
  exportFilename,
  fetchAllReports,
  reportsToCsv,
  reportsToJson,
} from '@/lib/sidepanel/export';
import { shortenUrl } from '@/lib/sidepanel/shorten-url';

function report(id: number, extra: Partial<Report> = {}): Report {
  return {
    id,
    url: `https://example.com/${id}`,
    project: 'example.com',
    result: 'good',
    score: 90,
    privacy: 0,
    generated_at: '2026-01-01T00:00:00Z',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...extra,
  };
}

describe('CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rline', '"cr\rline"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-1+2', "'-1+2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['', ''],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes numbers as numbers, even negative ones, and nothing for null', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(87.5)).toBe('87.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });

  it('exports reports with a header and the known columns', () => {
    const csv = reportsToCsv([report(1, { url: 'https://example.com/?a=1,2' })]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe('id,url,project,result,score,privacy,generated_at,created_at,updated_at');
    expect(row).toBe(
      '1,"https://example.com/?a=1,2",example.com,good,90,0,2026-01-01T00:00:00Z,2026-01-01T00:00:00Z,2026-01-01T00:00:00Z',
    );
  });

  it('exports JSON with unknown fields kept', () => {
    const json = JSON.parse(reportsToJson([report(1, { extra: 'kept' } as Partial<Report>)]));
    expect(json[0].extra).toBe('kept');
  });

  it('names files with the format and a time stamp', () => {
    expect(exportFilename('csv', new Date('2026-03-04T05:06:07Z'))).toBe(
      'audit-reports-2026-03-04-05-06-07.csv',
    );
  });
});

describe('fetchAllReports', () => {
  function pages(total: number, perPage: number, withMeta = true) {
    const calls: number[] = [];
    const fetchPage = async (page: number): Promise<Page<Report>> => {
      calls.push(page);
      const start = (page - 1) * perPage;
      const items = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) =>
        report(start + i + 1),
      );
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      return {
        items,
        page,
        perPage,
        total: withMeta ? total : null,
        lastPage: withMeta ? lastPage : null,
        from: items.length ? start + 1 : null,
        to: items.length ? start + items.length : null,
        hasNext: withMeta ? page < lastPage : items.length === perPage,
      };
    };
    return { calls, fetchPage };
  }

  it('reads every page and reports progress', async () => {
    const { calls, fetchPage } = pages(250, 100);
    const progress: number[] = [];
    const all = await fetchAllReports(fetchPage, new AbortController().signal, (p) =>
      progress.push(p.done),
    );
    expect(all.map((r) => r.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(calls).toEqual([1, 2, 3]);
    expect(progress).toEqual([100, 200, 250]);
  });

  it('without meta, stops at the first short page', async () => {
    const { calls, fetchPage } = pages(200, 100, false);
    const all = await fetchAllReports(fetchPage, new AbortController().signal);
    expect(all).toHaveLength(200);
    expect(calls).toEqual([1, 2, 3]);
  });

  it('stops when cancelled', async () => {
    const { calls, fetchPage } = pages(500, 100);
    const controller = new AbortController();
    const run = fetchAllReports(fetchPage, controller.signal, (p) => {
      if (p.done >= 200) controller.abort();
    });
    await expect(run).rejects.toThrow();
    expect(calls).toEqual([1, 2]);
  });
});

describe('shortenUrl', () => {
  it.each([
    ['https://www.example.com/', 'example.com'],
    ['http://example.com/a/b', 'example.com/a/b'],
    [
      'https://example.com/a/very/long/path/that/goes/on/and/on/to/the/page.html',
      'example.com/…hat/goes/on/and/on/to/the/page.html',
    ],
  ])('shortens %s', (url, short) => {
    expect(shortenUrl(url)).toBe(short);
    expect(shortenUrl(url).length).toBeLessThanOrEqual(48);
  });

  it('cuts a very long host at the end', () => {
    const short = shortenUrl(`https://${'a'.repeat(60)}.com/x`);
    expect(short).toHaveLength(48);
    expect(short.endsWith('…')).toBe(true);
  });
});
