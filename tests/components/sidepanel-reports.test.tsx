/**
 * The side panel's reports list against the real reference service, seeded with 150 reports
 * over 3 projects: every filter, sort key and direction, per page, paging edges, search,
 * combined filters, persistence, and the request budget (one per filter change, none for a
 * cached filter).
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Report, ReportSortBy, SortDir } from '@/lib/api/schemas';
import { reportFilters } from '@/lib/storage';
import { call } from '../support/http';
import { seedReports, startTestService, type TestEnv } from '../support/service';
import { configure, range, renderPanel, rowUrls, settled } from './sidepanel-support';

let env: TestEnv;
let all: Report[];

beforeAll(async () => {
  env = await startTestService();
  seedReports(env, 150, { projects: 3 });
  const pages = await Promise.all(
    [1, 2].map((page) => call(env, 'GET', '/reports', { query: { per_page: 100, page } })),
  );
  all = pages.flatMap((p) => p.body.data as Report[]);
  expect(all).toHaveLength(150);
});
afterAll(() => env?.close());
beforeEach(() => configure(env.service.url, env.key));
afterEach(cleanup);

function sorted(by: ReportSortBy, dir: SortDir, list = all): Report[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => {
    const x = a[by] as string | number;
    const y = b[by] as string | number;
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return (a.id - b.id) * sign;
  });
}

const select = (name: string) => screen.getByRole('combobox', { name });

describe('side panel: reports list', () => {
  it('shows the newest 10 reports first with every column', async () => {
    renderPanel();
    await settled();
    expect(rowUrls()).toEqual(
      sorted('id', 'desc')
        .slice(0, 10)
        .map((r) => r.url),
    );
    expect(range()).toBe('1–10 of 150');
    expect(screen.getByText('150 reports')).toBeTruthy();
    const report = all[0]!;
    const first = screen.getAllByRole('button', {
      name: new RegExp(report.url.replace(/[.?]/g, '\\$&')),
    })[0]!;
    expect(first.textContent).toContain(String(report.score));
    expect(within(first).getByText(/Good|Decent|Bad/)).toBeTruthy();
    expect(within(first).getByText(/Public|Private|Password/)).toBeTruthy();
    expect(first.querySelector('time')?.getAttribute('title')).toBeTruthy();
    // Shortened on screen, full on hover (title) and for assistive technology.
    expect(first.getAttribute('title')).toBe(report.url);
    expect(first.querySelector('.sp-url-short')?.textContent).not.toContain('http://');
  });

  it.each([
    ['id', 'asc'],
    ['id', 'desc'],
    ['generated_at', 'asc'],
    ['generated_at', 'desc'],
    ['url', 'asc'],
    ['url', 'desc'],
    ['score', 'asc'],
    ['score', 'desc'],
  ] as const)('sorts by %s %s', async (by, dir) => {
    const { user } = renderPanel();
    await settled();
    await user.selectOptions(select('Sort by'), by);
    await user.selectOptions(select('Direction'), dir);
    await settled();
    await waitFor(() =>
      expect(rowUrls()).toEqual(
        sorted(by, dir)
          .slice(0, 10)
          .map((r) => r.url),
      ),
    );
    expect(await reportFilters.getValue()).toMatchObject({ sortBy: by, sort: dir, page: 1 });
  });

  it.each([25, 50, 100] as const)('shows %i per page', async (perPage) => {
    const { user } = renderPanel();
    await settled();
    await user.selectOptions(select('Per page'), String(perPage));
    await waitFor(() => expect(rowUrls()).toHaveLength(perPage));
    expect(range()).toBe(`1–${perPage} of 150`);
  });

  it('pages forward and back, and stops at the first and last page', async () => {
    const { user } = renderPanel();
    await settled();
    const pager = () => screen.getByRole('navigation', { name: 'Reports pages' });
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(within(pager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(range()).toBe('11–20 of 150'));
    await settled();
    expect(rowUrls()).toEqual(
      sorted('id', 'desc')
        .slice(10, 20)
        .map((r) => r.url),
    );
    await user.click(within(pager()).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(range()).toBe('1–10 of 150'));

    const field = within(pager()).getByRole('spinbutton', { name: 'Page' });
    await user.clear(field);
    await user.type(field, '15{Enter}');
    await waitFor(() => expect(range()).toBe('141–150 of 150'));
    await settled();
    expect(rowUrls()).toEqual(
      sorted('id', 'desc')
        .slice(140)
        .map((r) => r.url),
    );
    expect(within(pager()).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('explains a page beyond the end and offers the last page', async () => {
    await reportFilters.setValue({ ...reportFilters.fallback, page: 40 });
    const { user } = renderPanel();
    await screen.findByText('Page 40 is past the end of this list.');
    await user.click(screen.getByRole('button', { name: 'Go to page 15' }));
    await waitFor(() => expect(range()).toBe('141–150 of 150'));
  });

  it('searches URLs after a pause, with one request', async () => {
    const { user, recorder } = renderPanel();
    await settled();
    recorder.clear();
    await user.type(screen.getByRole('searchbox', { name: 'Search URLs' }), 'n=14');
    await waitFor(() => expect(range()).toBe('1–10 of 11'));
    await settled();
    const expected = sorted(
      'id',
      'desc',
      all.filter((r) => r.url.includes('n=14')),
    );
    expect(rowUrls()).toEqual(expected.slice(0, 10).map((r) => r.url));
    const reads = recorder.reads('reports');
    expect(reads).toHaveLength(1);
    expect(Object.fromEntries(reads[0]!.url.searchParams)).toMatchObject({
      search: 'n=14',
      search_by: 'url',
    });
  });

  it('filters by project chosen from a searchable list of projects', async () => {
    const { user } = renderPanel();
    await settled();
    const combo = screen.getByRole('combobox', { name: 'Project' });
    await user.click(combo);
    await user.type(combo, '127.0.0.2');
    const option = await screen.findByRole('option', { name: '127.0.0.2' });
    expect(screen.queryByRole('option', { name: '127.0.0.3' })).toBeNull();
    await user.click(option);
    await waitFor(() => expect(range()).toBe('1–10 of 50'));
    await settled();
    const expected = sorted(
      'id',
      'desc',
      all.filter((r) => r.project === '127.0.0.2'),
    );
    expect(rowUrls()).toEqual(expected.slice(0, 10).map((r) => r.url));
    expect((combo as HTMLInputElement).value).toBe('127.0.0.2');
  });

  it('chooses a project with the keyboard and clears it with "All projects"', async () => {
    const { user } = renderPanel();
    await settled();
    const combo = screen.getByRole('combobox', { name: 'Project' });
    await user.click(combo);
    await screen.findByRole('option', { name: '127.0.0.3' });
    // Sorted by name: All projects, 127.0.0.1, 127.0.0.2, 127.0.0.3.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(range()).toBe('1–10 of 50'));
    expect((await reportFilters.getValue()).project).toBe('127.0.0.3');
    await user.click(combo);
    await user.click(await screen.findByRole('option', { name: 'All projects' }));
    await waitFor(() => expect(range()).toBe('1–10 of 150'));
  });

  it.each(['good', 'decent', 'bad'] as const)('filters by result %s', async (result) => {
    const { user } = renderPanel();
    await settled();
    await user.selectOptions(select('Result'), result);
    const expected = sorted(
      'id',
      'desc',
      all.filter((r) => r.result === result),
    );
    await waitFor(() => expect(range()).toBe(`1–10 of ${expected.length}`));
    await settled();
    expect(rowUrls()).toEqual(expected.slice(0, 10).map((r) => r.url));
  });

  it('combines search, project, result and sort', async () => {
    const { user, recorder } = renderPanel();
    await settled();
    await user.selectOptions(select('Result'), 'bad');
    await user.selectOptions(select('Sort by'), 'score');
    await user.selectOptions(select('Direction'), 'asc');
    const combo = screen.getByRole('combobox', { name: 'Project' });
    await user.click(combo);
    await user.click(await screen.findByRole('option', { name: '127.0.0.1' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search URLs' }), 'n=1');
    const expected = sorted(
      'score',
      'asc',
      all.filter((r) => r.result === 'bad' && r.project === '127.0.0.1' && r.url.includes('n=1')),
    );
    expect(expected.length).toBeGreaterThan(0);
    await waitFor(() => expect(rowUrls()).toEqual(expected.slice(0, 10).map((r) => r.url)));
    const last = recorder.reads('reports').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({
      search: 'n=1',
      search_by: 'url',
      project: '127.0.0.1',
      result: 'bad',
      sort_by: 'score',
      sort: 'asc',
      per_page: '10',
      page: '1',
    });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(range()).toBe('1–10 of 150'));
  });

  it('keeps the filters when the panel is closed and opened again', async () => {
    const first = renderPanel();
    await settled();
    await first.user.selectOptions(select('Result'), 'good');
    await first.user.selectOptions(select('Per page'), '25');
    await first.user.click(
      within(screen.getByRole('navigation', { name: 'Reports pages' })).getByRole('button', {
        name: 'Next',
      }),
    );
    await waitFor(() => expect(range()).toMatch(/^26–/));
    first.unmount();

    renderPanel();
    await waitFor(() => expect(range()).toMatch(/^26–/));
    expect((select('Result') as HTMLSelectElement).value).toBe('good');
    expect((select('Per page') as HTMLSelectElement).value).toBe('25');
  });

  it('asks once per filter change and not at all for a filter seen a moment ago', async () => {
    const { user, recorder } = renderPanel();
    await settled();
    expect(recorder.reads('reports')).toHaveLength(1);
    recorder.clear();
    await user.selectOptions(select('Result'), 'good');
    await waitFor(() => expect(range()).toMatch(/of \d+$/));
    await settled();
    expect(recorder.reads('reports')).toHaveLength(1);
    recorder.clear();
    await user.selectOptions(select('Result'), '');
    await waitFor(() => expect(range()).toBe('1–10 of 150'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(recorder.reads('reports')).toHaveLength(0);
  });

  it('fetches the next page ahead when the pager is reached, so Next costs no request', async () => {
    const { user, recorder } = renderPanel();
    await settled();
    recorder.clear();
    const next = within(screen.getByRole('navigation', { name: 'Reports pages' })).getByRole(
      'button',
      { name: 'Next' },
    );
    await user.hover(next);
    await waitFor(() => expect(recorder.reads('reports')).toHaveLength(1));
    expect(recorder.reads('reports')[0]!.url.searchParams.get('page')).toBe('2');
    await user.click(next);
    await waitFor(() => expect(range()).toBe('11–20 of 150'));
    expect(recorder.reads('reports')).toHaveLength(1);
  });

  it('keeps the previous page on screen while the next one loads', async () => {
    const { user } = renderPanel();
    await settled();
    const before = rowUrls();
    await user.selectOptions(select('Sort by'), 'url');
    // At once, before the answer: still the old rows, marked busy, never a blank list.
    const list = screen.getByRole('list', { name: 'Reports' });
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(rowUrls()).toEqual(before);
    await settled();
    expect(rowUrls()).not.toEqual(before);
  });
});
