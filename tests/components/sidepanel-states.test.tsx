/**
 * What the side panel says when there is nothing to show or something went wrong: not set up,
 * no permission, a refused key, a rate limit, a failing server, an answer it cannot read —
 * each with the way forward — and the empty states.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiKey } from '@/lib/storage';
import { startTestService, type TestEnv } from '../support/service';
import { fakePermissions } from '../lib/support/permissions';
import { startFrontPeer } from './sidepanel-peer';
import { configure, range, renderPanel, settled } from './sidepanel-support';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestService();
});
afterAll(() => env?.close());
beforeEach(() => configure(env.service.url, env.key));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('side panel: empty and error states', () => {
  it('says what to do when there are no reports yet', async () => {
    const { user } = renderPanel();
    await screen.findByText('No reports yet — audit a page from the toolbar.');
    await user.click(screen.getByRole('tab', { name: 'Projects' }));
    await screen.findByText(
      'No projects yet — audit a page from the toolbar and its site becomes a project.',
    );
  });

  it('sends a person who has not set it up to the options page', async () => {
    await apiKey.setValue('');
    const open = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue();
    const { user } = renderPanel();
    await screen.findByText('Set up the extension first');
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(open).toHaveBeenCalled();
  });

  it('asks for the host permission and tries again once it is granted', async () => {
    vi.restoreAllMocks();
    const { request } = fakePermissions([]);
    const { user } = renderPanel();
    await screen.findByText('Permission needed');
    await user.click(screen.getByRole('button', { name: 'Allow access' }));
    expect(request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    await screen.findByText('No reports yet — audit a page from the toolbar.');
  });

  it('says the key was refused and offers the options page', async () => {
    await apiKey.setValue('not-a-real-key');
    renderPanel();
    await screen.findByText('API key refused');
    expect(screen.getByRole('button', { name: 'Open settings' })).toBeTruthy();
  });

  it('offers a retry after a server failure, and the retry works', async () => {
    let failures = 3; // the client retries reads itself before giving up
    const peer = await startFrontPeer(env.service.url, (request) =>
      request.method === 'GET' && failures-- > 0
        ? { status: 500, body: '<html><body>Bad gateway</body></html>' }
        : null,
    );
    try {
      await configure(peer.url, env.key);
      const { user } = renderPanel();
      await screen.findByText('The service had a problem', {}, { timeout: 10_000 });
      failures = 0;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      await screen.findByText('No reports yet — audit a page from the toolbar.');
    } finally {
      await peer.close();
    }
  });

  it('tells how long to wait when rate limited', async () => {
    const peer = await startFrontPeer(env.service.url, () => ({
      status: 429,
      body: JSON.stringify({ message: 'Too Many Attempts.' }),
      headers: { 'retry-after': '30' },
    }));
    try {
      await configure(peer.url, env.key);
      renderPanel();
      await screen.findByText('Too many requests');
      const button = screen.getByRole('button', { name: /Try again in \d+ s/ });
      expect(button).toHaveProperty('disabled', true);
    } finally {
      await peer.close();
    }
  });

  it('says so when the answer is not the API', async () => {
    const peer = await startFrontPeer(env.service.url, () => ({
      status: 200,
      body: '<!doctype html><title>Login</title>',
    }));
    try {
      await configure(peer.url, env.key);
      renderPanel();
      await screen.findByText('This is a web page, not the API');
      expect(screen.getByRole('button', { name: /Open settings|Try again/ })).toBeTruthy();
    } finally {
      await peer.close();
    }
  });

  it('keeps the filters through a failed request, and the retry brings the rows', async () => {
    let fail = false;
    const peer = await startFrontPeer(env.service.url, (request) =>
      fail && request.method === 'GET' ? { status: 503, body: '' } : null,
    );
    try {
      env.service.seed(env.key, [{ url: 'http://127.0.0.1/kept', score: 10 }]);
      await configure(peer.url, env.key);
      const { user } = renderPanel();
      await settled();
      expect(range()).toBe('1–1 of 1');
      fail = true;
      const result = screen.getByRole('combobox', { name: 'Result' }) as HTMLSelectElement;
      await user.selectOptions(result, 'bad');
      await screen.findByText('The service had a problem', {}, { timeout: 10_000 });
      expect(result.value).toBe('bad');
      fail = false;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(range()).toBe('1–1 of 1'));
      expect(screen.queryByText('The service had a problem')).toBeNull();
    } finally {
      await peer.close();
    }
  });
});
