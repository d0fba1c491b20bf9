/**
 * The side panel's reports list against the real reference service, seeded with 150 reports
 * over 3 projects: every sort key and direction, per page, paging edges, and the request budget
 * (one per filter change, none for a cached filter). Filters: sidepanel-filters.test.tsx.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reportFilters } from '@/lib/storage';
import { seededReports } from './seeded-reports';
import { range, renderPanel, rowUrls, settled } from './sidepanel-support';

const seeded = seededReports(150);
const sorted = seeded.sorted;
afterEach(cleanup);

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
    const report = seeded.all[0]!;
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
