/**
 * Every ApiError kind in the popup, each with its own sentence and its one action: from the real
 * reference service where it can produce the failure (validation, unauthorized, not-found on a
 * re-run of a deleted report), from a closed port (network), and from tiny local HTTP peers for
 * the rest (forbidden, rate-limited, server, bad-response, timeout). What was typed stays.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiKey } from '@/lib/storage';
import type { Report } from '@/lib/api/schemas';
import { call } from '../support/http';
import {
  closedPort,
  json,
  send,
  startPeer,
  wireReport,
  type Peer,
  type RecordedRequest,
} from '../lib/support/peer';
import {
  auditButton,
  closePopup,
  env,
  openPopup,
  page,
  result,
  serviceForFile,
  setUp,
  waitForIdle,
  type Setup,
} from './popup-support';

serviceForFile('e');

const peers: Peer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

const EMPTY_LIST = {
  data: [],
  links: { first: null, last: null, prev: null, next: null },
  meta: { current_page: 1, from: null, last_page: 1, per_page: 100, to: null, total: 0 },
};

/**
 * A peer standing in for the service: the lookup finds nothing, and each write is answered by
 * `write` (the n-th write gets n).
 */
async function fakeService(
  write: (res: ServerResponse, n: number, request: RecordedRequest) => void,
): Promise<Peer> {
  let writes = 0;
  const peer = await startPeer((request, res) => {
    if (request.method === 'GET') return json(res, 200, EMPTY_LIST);
    writes += 1;
    write(res, writes, request);
  });
  peers.push(peer);
  return peer;
}

async function popupAt(serviceUrl: string, extra: Partial<Setup> = {}) {
  const h = await setUp({ serviceUrl, key: env.key, tabUrl: page(), ...extra });
  const view = await openPopup();
  return { ...view, h };
}

const alert = (title: string) =>
  screen.findByText(title, { selector: '.notice-title' }, { timeout: 10_000 });

function noticeOf(title: HTMLElement): HTMLElement {
  return title.closest('.notice') as HTMLElement;
}

describe('popup errors', () => {
  it('network: nothing listening — its own sentence, and "Try again" sends again', async () => {
    const port = await closedPort();
    const { user, h } = await popupAt(`http://127.0.0.1:${port}`);
    // The lookup on open already says so.
    const lookup = noticeOf(await alert('Connection refused'));
    expect(lookup.textContent).toContain('Nothing is answering at 127.0.0.1:');
    await user.click(auditButton());
    await waitFor(() => expect(h.recorder.of('POST')).toHaveLength(1));
    const notice = noticeOf(await alert('Connection refused'));
    await waitForIdle();
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(h.recorder.of('POST')).toHaveLength(2));
    await waitForIdle();
    expect(screen.getByText('Connection refused')).toBeTruthy();
  });

  it('timeout: the server never answers the audit', async () => {
    const peer = await fakeService(() => {
      // Never answers.
    });
    const { user } = await popupAt(peer.url, { timeouts: { audit: 300 } });
    await user.click(auditButton());
    const notice = noticeOf(await alert('The server took too long'));
    expect(within(notice).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(peer.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('unauthorized: a wrong key leads to the options page', async () => {
    const open = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    const { user, h } = await popupAt(env.service.url, { key: 'wrong-key-123' });
    // Refused already on open (the lookup)…
    noticeOf(await alert('API key refused'));
    await user.click(auditButton());
    await waitFor(() => expect(h.recorder.of('POST')).toHaveLength(1));
    // …and for the audit: one notice, with the way to fix it.
    const notice = noticeOf(await alert('API key refused'));
    expect(notice.textContent).toContain('did not accept the API key');
    await user.click(within(notice).getByRole('button', { name: 'Open settings' }));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('unauthorized: a key revoked while the popup is open', async () => {
    const key = env.service.createKey();
    const { user, h } = await popupAt(env.service.url, { key });
    await waitFor(() => expect(h.recorder.requests).toHaveLength(1));
    await apiKey.setValue('revoked-or-replaced');
    await user.click(auditButton());
    const notice = noticeOf(await alert('API key refused'));
    expect(within(notice).getByRole('button', { name: 'Open settings' })).toBeTruthy();
  });

  it('forbidden: the server’s own message, and no pointless retry', async () => {
    const peer = await fakeService((res) =>
      json(res, 403, { message: 'Your plan has no audits left this month.' }),
    );
    const { user } = await popupAt(peer.url);
    await user.click(auditButton());
    const notice = noticeOf(await alert('Not allowed'));
    expect(notice.textContent).toContain('Your plan has no audits left this month.');
    expect(within(notice).queryByRole('button')).toBeNull();
  });

  it('not-found: re-running a report deleted meanwhile says so, and Refresh looks again', async () => {
    const url = page();
    const created = await call(env, 'POST', '/reports', { form: { url } });
    const report = created.body.data as Report;
    const h = await setUp({ serviceUrl: env.service.url, key: env.key, tabUrl: url });
    const { user } = await openPopup();
    const card = await screen.findByRole('region', { name: 'Already audited' });
    expect((await call(env, 'DELETE', `/reports/${report.id}`)).status).toBe(200);
    await user.click(within(card).getByRole('button', { name: 'Re-run' }));
    const notice = noticeOf(await alert('It no longer exists'));
    expect(h.recorder.of('PATCH')).toHaveLength(1);
    await user.click(within(notice).getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Already audited' })).toBeNull(),
    );
    expect(screen.queryByText('It no longer exists')).toBeNull();
    expect(h.recorder.of('GET')).toHaveLength(2);
    expect(auditButton().hasAttribute('disabled')).toBe(false);
  });

  it('validation: the service’s message about the URL stands beside the URL', async () => {
    const url = page('not-html');
    const h = await setUp({ serviceUrl: env.service.url, key: env.key, tabUrl: url });
    const { user } = await openPopup();
    await user.click(auditButton());
    await alert('Please check what you entered');
    const shown = screen.getByText(url);
    await waitFor(() => expect(shown.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(shown.getAttribute('aria-describedby')!)!;
    const answer = await call(env, 'POST', '/reports', { form: { url } });
    expect(answer.status).toBe(422);
    expect(error.textContent).toBe((answer.body.errors.url as string[]).join(' '));
    expect(error.getAttribute('role')).toBe('alert');
    expect(h.recorder.of('POST')).toHaveLength(1);
  });

  it('rate-limited: says when, and the retry waits that long', async () => {
    const peer = await fakeService((res, n) =>
      n === 1
        ? json(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '2' })
        : json(res, 201, { data: wireReport(7, { url: 'x', score: 64, result: 'decent' }) }),
    );
    const { user } = await popupAt(peer.url);
    await user.click(auditButton());
    const notice = noticeOf(await alert('Too many requests'));
    expect(notice.textContent).toContain('The service asks to wait 2 seconds before trying again.');
    const retry = within(notice).getByRole('button', { name: /^Try again in \d s$/ });
    expect(retry.hasAttribute('disabled')).toBe(true);
    expect(auditButton().hasAttribute('disabled')).toBe(true);
    await waitFor(
      () =>
        expect(
          within(notice).getByRole('button', { name: 'Try again' }).hasAttribute('disabled'),
        ).toBe(false),
      { timeout: 4000 },
    );
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await result();
    expect(peer.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('server: a 500 offers a retry and keeps the password typed', async () => {
    const peer = await fakeService((res, n) =>
      n === 1
        ? send(res, 502, '<html><body><h1>502 Bad Gateway</h1></body></html>')
        : json(res, 201, { data: wireReport(9, { privacy: 2 }) }),
    );
    const { user } = await popupAt(peer.url);
    await user.click(screen.getByRole('radio', { name: 'Password' }));
    const field = screen.getByLabelText('Password for the report page') as HTMLInputElement;
    await user.type(field, 'kept-secret');
    await user.click(auditButton());
    const notice = noticeOf(await alert('The service had a problem'));
    expect(notice.textContent).toContain('error 502');
    expect(field.value).toBe('kept-secret');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Password' }).checked).toBe(true);
    await waitForIdle();
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await result();
    const posts = peer.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(new URLSearchParams(posts[1]!.body).get('password')).toBe('kept-secret');
  });

  it('bad-response: an answer the extension cannot read', async () => {
    const peer = await fakeService((res) => json(res, 201, { data: { something: 'else' } }));
    const { user } = await popupAt(peer.url);
    await user.click(auditButton());
    const notice = noticeOf(await alert('Unexpected answer'));
    expect(notice.textContent).toContain('does not understand');
    expect(within(notice).getByRole('button', { name: 'Open settings' })).toBeTruthy();
  });

  it('bad-response: a web page instead of the API', async () => {
    const peer = await fakeService((res) => send(res, 200, '<!doctype html><title>Login</title>'));
    const { user } = await popupAt(peer.url);
    await user.click(auditButton());
    noticeOf(await alert('This is a web page, not the API'));
  });

  it('not-configured: the key was forgotten after the popup opened', async () => {
    const { user, h } = await popupAt(env.service.url);
    await waitFor(() => expect(h.recorder.requests).toHaveLength(1));
    await apiKey.setValue('');
    await user.click(auditButton());
    const notice = noticeOf(await alert('Set up the extension first'));
    expect(within(notice).getByRole('button', { name: 'Open settings' })).toBeTruthy();
    expect(h.recorder.of('POST')).toHaveLength(0);
  });

  it('no-permission: the permission was removed after the popup opened', async () => {
    const { user, h } = await popupAt(env.service.url);
    await waitFor(() => expect(h.recorder.requests).toHaveLength(1));
    h.permissions.origins.clear();
    await user.click(auditButton());
    const notice = noticeOf(await alert('Permission needed'));
    await user.click(within(notice).getByRole('button', { name: 'Allow access' }));
    expect(h.permissions.request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    expect(h.recorder.of('POST')).toHaveLength(0);
  });

  it('an error is still there when the popup is opened again', async () => {
    const peer = await fakeService((res) => json(res, 500, { message: 'Server Error' }));
    const { user } = await popupAt(peer.url);
    await user.click(auditButton());
    await alert('The service had a problem');
    closePopup();
    await openPopup();
    const notice = noticeOf(await alert('The service had a problem'));
    expect(notice.textContent).toContain('The service said: “Server Error”');
    expect(auditButton().hasAttribute('disabled')).toBe(false);
  });
});
