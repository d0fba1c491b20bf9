/**
 * Renders the popup with the background wired in the same process, against the REAL reference
 * service (or a local peer): settings in fakeBrowser storage, the host permission granted, the
 * real client in the background runner. The only wrapper is a fetch that writes down each
 * request it passes on — it never answers anything itself — so tests can count requests.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Popup } from '@/components/popup/Popup';
import { createApiFromSettings } from '@/lib/api/api-from-settings';
import type { Timeouts } from '@/lib/api/create-api';
import type { Report } from '@/lib/api/schemas';
import { createAuditRunner, listenForAudits, type AuditRunner } from '@/lib/background/audits';
import { apiKey, baseUrl } from '@/lib/storage';
import { fakePermissions } from '../lib/support/permissions';
import type { FixturePage } from '../support/fixture-site';
import { call } from '../support/http';
import { startTestService, type TestEnv } from '../support/service';

/** The test file's reference service; set in `beforeAll` by `serviceForFile`. */
export let env: TestEnv;
let counter = 0;
let tag = 't';

/**
 * Starts the reference service for this test file (closed after it) and cleans up after each
 * test. `pageTag` names the query parameter that keeps each test's page URL its own.
 */
export function serviceForFile(pageTag = 't') {
  tag = pageTag;
  beforeAll(async () => {
    env = await startTestService();
  });
  afterAll(() => env?.close());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
}

/** A page URL no other test used, so each test's reports are its own. */
export function page(name: FixturePage = 'good', query = '') {
  counter += 1;
  return env.site.pageUrl(name, { query: `${tag}=${counter}${query ? `&${query}` : ''}` });
}

export interface Recorded {
  method: string;
  url: URL;
  body: string;
}

/** A fetch that passes every request on unchanged and writes down what it was. */
export function recordingFetch() {
  const requests: Recorded[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.body ? await request.clone().text() : '';
    requests.push({ method: request.method, url: new URL(request.url), body });
    return fetch(input, init);
  };
  const of = (method: string) => requests.filter((r) => r.method === method);
  return { fetch: fetcher, requests, of, clear: () => requests.splice(0) };
}

export interface Setup {
  /** Base URL to store; default none (not configured). */
  serviceUrl?: string;
  key?: string;
  /** Grant the host permission (default true). */
  permission?: boolean;
  /** The active tab's URL. */
  tabUrl?: string;
  timeouts?: Partial<Timeouts>;
}

export interface Harness {
  runner: AuditRunner;
  recorder: ReturnType<typeof recordingFetch>;
  tabId: number;
  windowId: number;
  permissions: ReturnType<typeof fakePermissions>;
}

/** Settings, permission, an active tab and the background listening; no popup yet. */
export async function setUp(options: Setup): Promise<Harness> {
  if (options.serviceUrl !== undefined) await baseUrl.setValue(options.serviceUrl);
  if (options.key !== undefined) await apiKey.setValue(options.key);
  const permissions = fakePermissions(
    options.permission === false ? [] : ['http://127.0.0.1/*', 'http://localhost/*'],
  );
  // The popup asks for the active tab of the current (focused) window.
  const window_ = await fakeBrowser.windows.create({ focused: true });
  const tab = await fakeBrowser.tabs.create({
    url: options.tabUrl,
    active: true,
    windowId: window_!.id,
  });
  const recorder = recordingFetch();
  const runner = listenForAudits(
    createAuditRunner({
      api: createApiFromSettings({
        fetch: recorder.fetch,
        timeouts: options.timeouts,
        retry: { backoffMs: 10, maxBackoffMs: 20 },
      }),
    }),
  );
  // The popup closes itself after opening a tab, the options page or the side panel.
  vi.spyOn(window, 'close').mockImplementation(() => undefined);
  return { runner, recorder, tabId: tab.id!, windowId: tab.windowId!, permissions };
}

/** Opens the popup (as the toolbar button would) and waits until it shows the page. */
export async function openPopup() {
  const user = userEvent.setup();
  const view = render(<Popup />);
  await waitFor(() => expect(view.container.querySelector('.popup')).toBeTruthy());
  await waitFor(() => expect(view.container.querySelector('[aria-busy="true"]')).toBeNull());
  return { ...view, user };
}

/** Closes the popup: React unmounts, the background keeps going. */
export function closePopup() {
  cleanup();
}

export const auditButton = () => screen.getByRole('button', { name: 'Audit this page' });

/** Waits for the result card after an audit. */
export async function result(timeout = 10_000) {
  return screen.findByRole('region', { name: 'Result' }, { timeout });
}

export async function waitForIdle() {
  await waitFor(() => expect(auditButton().hasAttribute('disabled')).toBe(false), {
    timeout: 10_000,
  });
}

export function configured(tabUrl: string, extra: Partial<Setup> = {}) {
  return setUp({ serviceUrl: env.service.url, key: env.key, tabUrl, ...extra });
}

export async function openPopupFor(url: string, extra: Partial<Setup> = {}) {
  const h = await configured(url, extra);
  const view = await openPopup();
  return { ...view, h };
}

export async function reportsOf(url: string, key = env.key): Promise<Report[]> {
  const res = await call(env, 'GET', '/reports', { key, query: { search: url, per_page: 100 } });
  return (res.body.data as Report[]).filter((r) => r.url === url);
}

export async function createReport(url: string, form: Record<string, string | number> = {}) {
  const res = await call(env, 'POST', '/reports', { form: { url, ...form } });
  expect(res.status).toBe(201);
  return res.body.data as Report;
}

export const meter = () => screen.getByRole('meter', { name: 'Score out of 100' });
export const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
