/**
 * A report's detail in the side panel, against the real reference service: every field (extra
 * ones too), the checks, privacy (optimistic, rolled back on failure), re-run, open, copy link,
 * delete, and a report that no longer exists. A failure the reference service cannot produce
 * (a 500 on update) comes from a small real HTTP peer in front of it.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '@/lib/api/schemas';
import { sidepanelTarget } from '@/lib/storage';
import { call } from '../support/http';
import { seedReports, startTestService, type TestEnv } from '../support/service';
import { startFrontPeer } from './sidepanel-peer';
import { configure, renderPanel, rowUrls, settled } from './sidepanel-support';

let env: TestEnv;
let ids: number[];

beforeAll(async () => {
  env = await startTestService();
  ids = seedReports(env, 150, { projects: 3 });
});
afterAll(() => env?.close());
beforeEach(() => configure(env.service.url, env.key));
afterEach(cleanup);

async function report(id: number): Promise<Report & Record<string, unknown>> {
  return (await call(env, 'GET', `/reports/${id}`)).body.data;
}

/** Opens the detail of the newest report on the first page by clicking its row. */
async function openNewest(user: ReturnType<typeof renderPanel>['user'], index = 0) {
  await settled();
  const url = rowUrls()[index]!;
  const row = screen.getAllByRole('button').find((b) => b.getAttribute('title') === url)!;
  await user.click(row);
  await screen.findByRole('heading', { name: /^Report \d+$/ });
  const id = Number(/\d+/.exec(screen.getByRole('heading', { name: /^Report/ }).textContent!)![0]);
  return { id, url };
}

describe('side panel: report detail', () => {
  it('opens with Enter and shows every field, extra fields and the checks', async () => {
    const { user } = renderPanel();
    await settled();
    const row = screen
      .getAllByRole('button')
      .find((b) => b.getAttribute('title') === rowUrls()[1])!;
    row.focus();
    await user.keyboard('{Enter}');
    const id = ids.at(-2)!;
    await screen.findByRole('heading', { name: `Report ${id}` });
    const expected = await report(id);
    const fields = screen.getAllByRole('term');
    const terms = fields.map((t) => t.textContent);
    expect(terms).toEqual(
      expect.arrayContaining([
        'ID',
        'URL',
        'Project',
        'Result',
        'Score',
        'Privacy',
        'Generated',
        'Created',
        'Updated',
      ]),
    );
    // A field the extension has no name for is shown in words, its value too; the key on hover.
    const extra = fields.find((t) => t.textContent === 'Has password')!;
    expect(extra.getAttribute('title')).toBe('has_password');
    expect(extra.nextElementSibling?.textContent).toBe('No');
    expect(screen.getByText(expected.url, { selector: 'dd span' })).toBeTruthy();
    expect(
      screen.getByRole('meter', { name: 'Score out of 100' }).getAttribute('aria-valuenow'),
    ).toBe(String(Math.round(expected.score)));
    await screen.findByRole('heading', { name: 'Checks' });
    const checks = expected.checks!;
    const items = within(
      screen.getByRole('heading', { name: 'Checks' }).closest('section')!,
    ).getAllByRole('listitem');
    expect(items).toHaveLength(checks.length);
    for (const [i, check] of checks.entries()) {
      expect(items[i]!.textContent).toContain(check.passed ? 'Passed' : 'Failed');
      expect(items[i]!.textContent).toContain(check.title);
    }
  });

  it('goes back to the list it came from', async () => {
    const { user } = renderPanel();
    const { url } = await openNewest(user);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: /^Report \d+$/ }));
    await user.click(screen.getByRole('button', { name: /Back to reports/ }));
    await settled();
    expect(rowUrls()[0]).toBe(url);
    // Focus goes back to the row that was opened.
    await waitFor(() => expect(document.activeElement?.getAttribute('title')).toBe(url));
  });

  it('changes privacy at once and keeps it when the service agrees', async () => {
    const { user } = renderPanel();
    const { id } = await openNewest(user);
    const before = await report(id);
    const target = before.privacy === 1 ? 'Public' : 'Private';
    await user.click(screen.getByRole('radio', { name: target }));
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));
    await screen.findByText('Privacy saved.');
    expect((await report(id)).privacy).toBe(target === 'Public' ? 0 : 1);
  });

  it('requires a password for Password, sends it once and never shows it back', async () => {
    const { user, recorder } = renderPanel();
    // The second newest was seeded Private, without a password.
    const { id } = await openNewest(user, 1);
    expect(await report(id)).toMatchObject({ privacy: 1, has_password: false });
    recorder.clear();
    await user.click(screen.getByRole('radio', { name: 'Password' }));
    const field = screen.getByLabelText('Password for the report page');
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));
    expect(await screen.findByText('Enter a password to protect the report page.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(recorder.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    await user.type(field, 's3cret pass');
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));
    await screen.findByText('Privacy saved.');
    expect((await report(id)).privacy).toBe(2);
    expect(document.body.innerHTML).not.toContain('s3cret pass');
    expect((screen.getByLabelText('Password for the report page') as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('rolls a privacy change back with a message when the service fails', async () => {
    const peer = await startFrontPeer(env.service.url, (request) =>
      request.method === 'PATCH' ? { status: 500, body: '<h1>Internal Server Error</h1>' } : null,
    );
    try {
      await configure(peer.url, env.key);
      const { user } = renderPanel();
      const { id } = await openNewest(user);
      const before = await report(id);
      const target = before.privacy === 1 ? 'Public' : 'Private';
      const privacyField = () =>
        screen.getAllByRole('term').find((t) => t.textContent === 'Privacy')!.nextElementSibling!;
      await user.click(screen.getByRole('radio', { name: target }));
      await user.click(screen.getByRole('button', { name: 'Save privacy' }));
      // Optimistic: the field shows the new privacy before the answer…
      await waitFor(() => expect(privacyField().textContent).toBe(target));
      // …and the old one again once the service has failed, with a message saying so.
      const alert = await screen.findByText(/The privacy change was undone/);
      expect(alert.textContent).toContain('The service had a problem');
      await waitFor(() =>
        expect(privacyField().textContent).toBe(['Public', 'Private', 'Password'][before.privacy]),
      );
      expect((await report(id)).privacy).toBe(before.privacy);
      // What was chosen stays chosen for another try.
      expect(screen.getByRole('radio', { name: target })).toHaveProperty('checked', true);
    } finally {
      await peer.close();
    }
  });

  it('re-runs the audit (update=1) and shows the new result', async () => {
    const { user, recorder } = renderPanel();
    const { id } = await openNewest(user);
    const before = await report(id);
    await user.click(screen.getByRole('button', { name: 'Re-run audit' }));
    await screen.findByText('The audit ran again.', {}, { timeout: 10_000 });
    const patch = recorder.requests.find((r) => r.method === 'PATCH')!;
    expect(patch.url.pathname).toBe(`/api/v1/reports/${id}`);
    const after = await report(id);
    expect(Date.parse(after.generated_at!)).toBeGreaterThan(Date.parse(before.generated_at!));
    await waitFor(() =>
      expect(
        screen.getByRole('meter', { name: 'Score out of 100' }).getAttribute('aria-valuenow'),
      ).toBe(String(Math.round(after.score))),
    );
  });

  it('links to the report page and copies the link', async () => {
    const { user } = renderPanel();
    const { id } = await openNewest(user);
    const link = screen.getByRole('link', { name: 'Open report' });
    expect(link.getAttribute('href')).toBe(`${env.service.url}/reports/${id}`);
    expect(link.getAttribute('target')).toBe('_blank');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await screen.findByText('Link copied.');
    // user-event's clipboard stands in for the system one.
    expect(await navigator.clipboard.readText()).toBe(`${env.service.url}/reports/${id}`);
  });

  it('deletes a report after a confirmation dialog, and the list no longer has it', async () => {
    const { user } = renderPanel();
    const { id, url } = await openNewest(user);
    await user.click(screen.getByRole('button', { name: 'Delete report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this report?' });
    expect(within(dialog).getByText(new RegExp(url.replace(/[.?]/g, '\\$&')))).toBeTruthy();
    // Focus starts on the safe choice.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete report' }));
    await screen.findByText('Report deleted.');
    expect((await call(env, 'GET', `/reports/${id}`)).status).toBe(404);
    await waitFor(() => expect(rowUrls()).not.toContain(url));
  });

  it('cancels a delete with Escape and keeps the report', async () => {
    const { user } = renderPanel();
    const { id } = await openNewest(user);
    const button = screen.getByRole('button', { name: 'Delete report' });
    await user.click(button);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect((await call(env, 'GET', `/reports/${id}`)).status).toBe(200);
  });

  it('says when the report no longer exists and refreshes the list', async () => {
    const { user } = renderPanel();
    const { id, url } = await openNewest(user);
    await call(env, 'DELETE', `/reports/${id}`);
    await user.click(screen.getByRole('button', { name: 'Re-run audit' }));
    await screen.findByText('This report no longer exists. The list has been refreshed.');
    await waitFor(() => expect(rowUrls()).not.toContain(url));
    expect(rowUrls()).toHaveLength(10);
  });

  it('opens the report the popup asks for', async () => {
    const id = ids[5]!;
    await sidepanelTarget.setValue({ reportId: id, at: Date.now() });
    renderPanel();
    await screen.findByRole('heading', { name: `Report ${id}` });
    await waitFor(async () => expect(await sidepanelTarget.getValue()).toBeNull());
    // And again while the panel is open.
    await sidepanelTarget.setValue({ reportId: ids[6]!, at: Date.now() + 1 });
    await screen.findByRole('heading', { name: `Report ${ids[6]}` });
  });
});
