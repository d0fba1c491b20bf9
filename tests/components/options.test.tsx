/**
 * The options page against the real reference service and small real peers: what a person sees
 * after Save for success and for each cause of failure. Browser APIs are WXT's fakeBrowser.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OptionsPage } from '@/components/options/OptionsPage';
import { apiKey, baseUrl } from '@/lib/storage';
import { startService, type RunningService } from '@/server/start';
import {
  closedPort,
  json,
  send,
  startPeer,
  type Peer,
  type PeerHandler,
} from '../lib/support/peer';
import { fakePermissions } from '../lib/support/permissions';

let service: RunningService;
let key: string;
const peers: Peer[] = [];

beforeAll(async () => {
  service = await startService({ port: 0, data: ':memory:', log: false });
  key = service.createKey();
});
afterAll(() => service?.close());
afterEach(async () => {
  cleanup();
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

async function peer(handler: PeerHandler) {
  const p = await startPeer(handler);
  peers.push(p);
  return p.url;
}

async function fillAndSave(url: string, typedKey: string) {
  const user = userEvent.setup();
  render(<OptionsPage timeoutMs={400} />);
  const urlField = await screen.findByRole('textbox', { name: 'Base URL' });
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false),
  );
  await user.clear(urlField);
  await user.type(urlField, url);
  await user.type(screen.getByLabelText('API key'), typedKey);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return user;
}

/** The checklist as "label: status — detail" lines, once a check has finished. */
async function checklist(): Promise<string[]> {
  const list = await screen.findByRole('list', { name: 'Connection checklist' }, { timeout: 5000 });
  return within(list).getAllByRole('listitem').map(spokenText);
}

/** Text as assistive technology reads it: decorative, aria-hidden marks left out. */
function spokenText(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

describe('options page', () => {
  it('saves, asks for that one origin, and shows every check passing', async () => {
    const permissions = fakePermissions();
    await fillAndSave(`${service.url}/api/v1/`, key);
    const items = await checklist();
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/^Permission to contact the service: passed/);
    expect(items[1]).toMatch(/^Service reachable: passed/);
    expect(items[2]).toMatch(/^API key accepted: passed/);
    expect(screen.getByRole('heading', { name: 'Connected' })).toBeTruthy();
    expect(permissions.request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    // Stored normalised, and the change is said out loud.
    expect(await baseUrl.getValue()).toBe(service.url);
    expect(await apiKey.getValue()).toBe(key);
    expect(screen.getByRole('textbox', { name: 'Base URL' })).toHaveProperty('value', service.url);
    expect(screen.getByText(/Removed \/api\/v1/)).toBeTruthy();
  });

  it('asks for the permission before anything asynchronous happens in the click', async () => {
    const permissions = fakePermissions();
    let storedBeforeRequest: string | null = null;
    permissions.request.mockImplementation(async () => {
      storedBeforeRequest = await apiKey.getValue();
      return true;
    });
    await fillAndSave(service.url, key);
    await checklist();
    expect(storedBeforeRequest).toBe('');
  });

  const failures: [string, () => Promise<string>, string, RegExp][] = [
    [
      'connection refused',
      async () => `http://127.0.0.1:${await closedPort()}`,
      'reachable',
      /refused/i,
    ],
    ['DNS', async () => 'http://no-such-host.invalid', 'reachable', /not found/i],
    [
      'TLS',
      async () => (await peer((_q, r) => json(r, 200, {}))).replace('http:', 'https:'),
      'reachable',
      /Secure connection failed/,
    ],
    ['timeout', () => peer(() => undefined), 'reachable', /took too long/],
    [
      '404, not this service',
      async () => `${service.url}/elsewhere`,
      'reachable',
      /not at this address/,
    ],
    [
      'a web page instead of the API',
      () => peer((_q, r) => send(r, 200, '<!doctype html><title>Hi</title><h1>Welcome</h1>')),
      'reachable',
      /web page/,
    ],
    ['5xx', () => peer((_q, r) => send(r, 503, '')), 'reachable', /503/],
    [
      '403',
      () => peer((_q, r) => json(r, 403, { message: 'Your plan does not include the API.' })),
      'key',
      /Your plan does not include the API/,
    ],
    [
      '429',
      () => peer((_q, r) => json(r, 429, { message: 'Slow down' }, { 'retry-after': '120' })),
      'key',
      /2 minutes/,
    ],
  ];

  it.each(failures)('%s: names the cause and keeps what was typed', async (_, url, step, why) => {
    fakePermissions();
    const typed = await url();
    await fillAndSave(typed, key);
    const items = await checklist();
    const line = items.find((i) => i.startsWith(step === 'key' ? 'API key' : 'Service reachable'));
    expect(line).toMatch(/failed|not tested/);
    expect(line).toMatch(why);
    expect(screen.getByRole('heading', { name: 'Not connected yet' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Base URL' })).toHaveProperty('value', typed);
    expect(screen.getByLabelText('API key')).toHaveProperty('value', key);
  });

  it('401: the key is refused', async () => {
    fakePermissions();
    await fillAndSave(service.url, 'not-a-real-key');
    const items = await checklist();
    expect(items[1]).toMatch(/^Service reachable: passed/);
    expect(items[2]).toMatch(/^API key accepted: failed.*refused/);
  });

  it('permission denied: says so, sends nothing, keeps the fields', async () => {
    fakePermissions([], { deny: true });
    await fillAndSave(service.url, key);
    const items = await checklist();
    expect(items[0]).toMatch(/^Permission to contact the service: failed.*not granted/);
    expect(items[1]).toMatch(/not tested/);
    expect(screen.getByLabelText('API key')).toHaveProperty('value', key);
  });

  it('refuses an address without a scheme beside the field, and offers the fix', async () => {
    const permissions = fakePermissions();
    const user = await fillAndSave('audit.example.com', key);
    const field = screen.getByRole('textbox', { name: 'Base URL' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toMatch(/scheme/);
    expect(permissions.request).not.toHaveBeenCalled();
    expect(await apiKey.getValue()).toBe('');
    await user.click(screen.getByRole('button', { name: 'Use https://audit.example.com' }));
    expect(field).toHaveProperty('value', 'https://audit.example.com');
  });

  it('warns about plain http to another machine', async () => {
    fakePermissions();
    await fillAndSave('http://no-such-host.invalid', key);
    await checklist();
    expect(screen.getByRole('note').textContent).toMatch(/unencrypted/);
  });

  it('masks the key until asked, and forgets it on request', async () => {
    fakePermissions(['http://127.0.0.1/*']);
    await baseUrl.setValue(service.url);
    await apiKey.setValue(key);
    const user = userEvent.setup();
    render(<OptionsPage />);
    // A saved configuration is checked as soon as the page opens.
    expect((await checklist())[2]).toMatch(/API key accepted: passed/);
    const input = screen.getByLabelText('API key');
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show key' }));
    expect(input.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide key' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Forget key' }));
    expect(input).toHaveProperty('value', '');
    await waitFor(async () => expect(await apiKey.getValue()).toBe(''));
    expect(await baseUrl.getValue()).toBe(service.url);
    expect(screen.getByText('The API key was removed from this browser.')).toBeTruthy();
  });
});
