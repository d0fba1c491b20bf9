/**
 * The side panel's report filters against the real reference service, seeded with 150 reports
 * over 3 projects: search, project (by pointer and keyboard), combined filters, and persistence.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reportFilters } from '@/lib/storage';
import { seededReports } from './seeded-reports';
import { range, renderPanel, rowUrls, settled } from './sidepanel-support';

const seeded = seededReports(150);
const sorted = seeded.sorted;
afterEach(cleanup);

const select = (name: string) => screen.getByRole('combobox', { name });

describe('side panel: reports list', () => {
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
      seeded.all.filter((r) => r.url.includes('n=14')),
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
      seeded.all.filter((r) => r.project === '127.0.0.2'),
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
      seeded.all.filter((r) => r.result === result),
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
      seeded.all.filter(
        (r) => r.result === 'bad' && r.project === '127.0.0.1' && r.url.includes('n=1'),
      ),
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
});
