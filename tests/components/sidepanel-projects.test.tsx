/**
 * The side panel's projects view against the real reference service: search, sort by date
 * created and name both ways, per page, paging, opening a project's reports, and deleting a
 * project with everything in it.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { projectFilters } from '@/lib/storage';
import { call } from '../support/http';
import { seedReports, startTestService, type TestEnv } from '../support/service';
import { configure, range, renderPanel, rowUrls, settled } from './sidepanel-support';

let env: TestEnv;
/** Project names, oldest first (the seed creates the projects in this order). */
let names: string[];

beforeAll(async () => {
  env = await startTestService();
  // 15 projects: 3 loopback hosts and site-3.test … site-14.test, 12 reports each (180).
  seedReports(env, 180, { projects: 15 });
  const answer = await call(env, 'GET', '/projects', {
    query: { per_page: 100, sort_by: 'created_at', sort: 'asc' },
  });
  names = (answer.body.data as { project: string }[]).map((p) => p.project);
  expect(names).toHaveLength(15);
});
afterAll(() => env?.close());
beforeEach(() => configure(env.service.url, env.key));
afterEach(cleanup);

const select = (name: string) => screen.getByRole('combobox', { name });

function projectRows(): string[] {
  const list = screen.queryByRole('list', { name: 'Projects' });
  if (!list) return [];
  return within(list)
    .getAllByRole('button', { name: /^Show reports of / })
    .map((b) => b.getAttribute('aria-label')!.replace('Show reports of ', ''));
}

async function openProjects(user: ReturnType<typeof renderPanel>['user']) {
  await user.click(screen.getByRole('tab', { name: 'Projects' }));
  await waitFor(() => expect(projectRows().length).toBeGreaterThan(0));
}

const projectsRange = () =>
  screen.getByRole('navigation', { name: 'Projects pages' }).querySelector('.sp-pager-range')!
    .textContent;

describe('side panel: projects', () => {
  it('switches views with the arrow keys of an accessible tablist', async () => {
    const { user } = renderPanel();
    await settled();
    const reports = screen.getByRole('tab', { name: 'Reports' });
    expect(reports.getAttribute('aria-selected')).toBe('true');
    reports.focus();
    await user.keyboard('{ArrowRight}');
    const projects = screen.getByRole('tab', { name: 'Projects' });
    expect(projects.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(projects);
    expect(screen.getByRole('tabpanel', { name: 'Projects' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Reports' }).getAttribute('aria-selected')).toBe('true');
  });

  it('lists projects newest first with created date and reports count', async () => {
    const { user } = renderPanel();
    await openProjects(user);
    expect(projectRows()).toEqual([...names].reverse().slice(0, 10));
    expect(projectsRange()).toBe('1–10 of 15');
    const list = screen.getByRole('list', { name: 'Projects' });
    expect(within(list).getAllByText('12 reports')).toHaveLength(10);
    expect(list.querySelector('time')?.getAttribute('title')).toBeTruthy();
  });

  it.each([
    ['created_at', 'asc'],
    ['created_at', 'desc'],
    ['project', 'asc'],
    ['project', 'desc'],
  ] as const)('sorts by %s %s', async (by, dir) => {
    const { user } = renderPanel();
    await openProjects(user);
    await user.selectOptions(select('Sort by'), by);
    await user.selectOptions(select('Direction'), dir);
    const expected =
      by === 'created_at' ? [...names] : [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (dir === 'desc') expected.reverse();
    await waitFor(() => expect(projectRows()).toEqual(expected.slice(0, 10)));
    expect(await projectFilters.getValue()).toMatchObject({ sortBy: by, sort: dir });
  });

  it('searches project names', async () => {
    const { user } = renderPanel();
    await openProjects(user);
    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'site-1');
    const expected = names.filter((n) => n.includes('site-1')).reverse();
    await waitFor(() => expect(projectRows()).toEqual(expected.slice(0, 10)));
    expect(projectsRange()).toBe(`1–${Math.min(10, expected.length)} of ${expected.length}`);
  });

  it('says what to do when no project matches', async () => {
    const { user } = renderPanel();
    await openProjects(user);
    await user.type(
      screen.getByRole('searchbox', { name: 'Search projects' }),
      'nothing-like-this',
    );
    await screen.findByText('No project matches this search. Try another name.');
  });

  it('shows 25 per page and pages to the end', async () => {
    const { user } = renderPanel();
    await openProjects(user);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Projects pages' })).getByRole('button', {
        name: 'Next',
      }),
    );
    await waitFor(() => expect(projectsRange()).toBe('11–15 of 15'));
    expect(projectRows()).toEqual([...names].reverse().slice(10));
    expect(
      within(screen.getByRole('navigation', { name: 'Projects pages' })).getByRole('button', {
        name: 'Next',
      }),
    ).toHaveProperty('disabled', true);
    await user.selectOptions(select('Per page'), '25');
    await waitFor(() => expect(projectsRange()).toBe('1–15 of 15'));
  });

  it('opens the reports of a chosen project', async () => {
    const { user } = renderPanel();
    await openProjects(user);
    const name = names.at(-2)!;
    await user.click(screen.getByRole('button', { name: `Show reports of ${name}` }));
    await waitFor(() => expect(range()).toBe('1–10 of 12'));
    await settled();
    expect(screen.getByRole('tab', { name: 'Reports' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('combobox', { name: 'Project' }) as HTMLInputElement).value).toBe(
      name,
    );
    expect(rowUrls().every((url) => new URL(url).hostname === name)).toBe(true);
  });

  it('deletes a project and its reports after a confirmation that names how many', async () => {
    const { user } = renderPanel();
    await openProjects(user);
    const name = names.at(-1)!;
    await user.click(screen.getByRole('button', { name: `Delete project ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Delete project ${name}?` });
    expect(dialog.textContent).toContain('12 reports will be deleted with it.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    await screen.findByText(`Project ${name} deleted.`);
    await waitFor(() => expect(projectRows()).not.toContain(name));
    expect(projectsRange()).toBe('1–10 of 14');
    // The cascade: its reports are gone too, and the reports list says so.
    const left = await call(env, 'GET', '/reports', { query: { project: name } });
    expect(left.body.meta.total).toBe(0);
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    await waitFor(() => expect(range()).toBe('1–10 of 168'));
  });
});
