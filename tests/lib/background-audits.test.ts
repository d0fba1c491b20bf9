/**
 * The background's audit runner with fakeBrowser (runtime messaging, storage.session, the
 * toolbar badge) against the REAL reference service: one request per audit, per-URL session
 * state, badge and title, joining a running audit, failures as serialised ApiErrors, recovery
 * of states a stopped background left behind, and the lookup.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApi, type Api } from '@/lib/api/create-api';
import { ApiError } from '@/lib/api/errors';
import { deserializeApiError } from '@/lib/api/serialize-error';
import {
  createAuditRunner,
  listenForAudits,
  MAX_STATES,
  type AuditRunner,
} from '@/lib/background/audits';
import { badgeText, BADGE_COLORS } from '@/lib/background/badge';
import { newest } from '@/lib/background/find-report';
import {
  isExtensionMessage,
  isRunning,
  RUNNING_STALE_MS,
  sendToBackground,
  type AuditState,
} from '@/lib/messages';
import type { Report } from '@/lib/api/schemas';
import { auditStates } from '@/lib/storage';
import { EXPECTED } from '../support/fixture-pages';
import { startTestService, type TestEnv } from '../support/service';

let env: TestEnv;
let api: Api;
let counted: { method: string; path: string }[];
let n = 0;

beforeAll(async () => {
  env = await startTestService();
});
afterAll(() => env?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

beforeEach(() => {
  counted = [];
  api = createApi({
    baseUrl: env.service.url,
    getKey: () => env.key,
    fetch: (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      counted.push({ method: request.method, path: new URL(request.url).pathname });
      return fetch(input, init);
    },
  });
});

const url = (name: 'good' | 'decent' | 'bad' | 'slow' | 'toggle' | 'not-html' = 'good', q = '') =>
  env.site.pageUrl(name, { query: `b=${++n}${q}` });

const rgba = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(255);

describe('audit runner', () => {
  it('audits: one POST, done state in the session, score badge and title on the tab', async () => {
    const runner = createAuditRunner({ api });
    const page = url('bad');
    const state = await runner.handle({ type: 'audit', url: page, privacy: 1, tabId: 7 });
    expect(state).toMatchObject({
      status: 'done',
      action: 'audit',
      report: { url: page, score: EXPECTED.bad.score, result: 'bad', privacy: 1 },
    });
    if (state.status !== 'done') throw new Error('not done');
    expect(state.link).toBe(`${env.service.url}/reports/${state.report.id}`);
    expect(counted).toEqual([{ method: 'POST', path: '/api/v1/reports' }]);
    expect((await auditStates.getValue())[page]).toEqual(state);
    expect(await fakeBrowser.action.getBadgeText({ tabId: 7 })).toBe(String(EXPECTED.bad.score));
    expect(await fakeBrowser.action.getBadgeBackgroundColor({ tabId: 7 })).toEqual(
      rgba(BADGE_COLORS.bad),
    );
    expect(await fakeBrowser.action.getBadgeTextColor({ tabId: 7 })).toBe('#ffffff');
    expect(await fakeBrowser.action.getTitle({ tabId: 7 })).toBe(
      `Audit Reports — score ${EXPECTED.bad.score}, Bad`,
    );
    // Other tabs are untouched.
    expect(await fakeBrowser.action.getBadgeText({ tabId: 8 })).toBe('');
  });

  it('shows a running state (badge, title, session) while the audit runs', async () => {
    const runner = createAuditRunner({ api });
    const page = url('slow', '&ms=300');
    const pending = runner.handle({ type: 'audit', url: page, privacy: 0, tabId: 3 });
    await vi.waitFor(async () =>
      expect((await auditStates.getValue())[page]?.status).toBe('running'),
    );
    expect(await fakeBrowser.action.getBadgeText({ tabId: 3 })).toBe('…');
    expect(await fakeBrowser.action.getTitle({ tabId: 3 })).toBe(
      'Audit Reports — auditing this page…',
    );
    expect((await pending).status).toBe('done');
    expect(await fakeBrowser.action.getBadgeText({ tabId: 3 })).toBe('100');
  });

  it('joins a second message for a URL already running: one request, one report', async () => {
    const runner = createAuditRunner({ api });
    const page = url('slow', '&ms=200');
    const [a, b] = await Promise.all([
      runner.handle({ type: 'audit', url: page, privacy: 0 }),
      runner.handle({ type: 'audit', url: page, privacy: 0 }),
    ]);
    expect(a).toBe(b);
    expect(counted.filter((c) => c.method === 'POST')).toHaveLength(1);
    // Once finished, a new message is a new audit (the person asked for another report).
    await runner.handle({ type: 'audit', url: page, privacy: 0 });
    expect(counted.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('sends the password only with privacy 2', async () => {
    const bodies: string[] = [];
    const spyApi = {
      ...api,
      createReport: (input: Parameters<Api['createReport']>[0]) => {
        bodies.push(JSON.stringify(input));
        return api.createReport(input);
      },
    };
    const runner = createAuditRunner({ api: spyApi });
    await runner.handle({ type: 'audit', url: url(), privacy: 0, password: 'x' });
    await runner.handle({ type: 'audit', url: url(), privacy: 2, password: 'y' });
    expect(JSON.parse(bodies[0]!)).not.toHaveProperty('password');
    expect(JSON.parse(bodies[1]!)).toMatchObject({ privacy: 2, password: 'y' });
  });

  it('re-runs: one PATCH update=1, same id', async () => {
    const runner = createAuditRunner({ api });
    const page = url('toggle');
    const first = await runner.handle({ type: 'audit', url: page, privacy: 0 });
    if (first.status !== 'done') throw new Error('not done');
    counted = [];
    const again = await runner.handle({
      type: 'rerun',
      reportId: first.report.id,
      url: page,
      tabId: 4,
    });
    expect(again).toMatchObject({
      status: 'done',
      action: 'rerun',
      report: { id: first.report.id },
    });
    expect(counted).toEqual([{ method: 'PATCH', path: `/api/v1/reports/${first.report.id}` }]);
    if (again.status !== 'done') throw new Error('not done');
    expect(again.report.score).not.toBe(first.report.score);
    expect(await fakeBrowser.action.getBadgeText({ tabId: 4 })).toBe(badgeText(again.report.score));
  });

  it('fails: a serialised ApiError in the session, the badge back to normal', async () => {
    const runner = createAuditRunner({ api });
    const page = url('not-html');
    const state = await runner.handle({ type: 'audit', url: page, privacy: 2, tabId: 5 });
    expect(state).toMatchObject({ status: 'failed', action: 'audit', privacy: 2 });
    if (state.status !== 'failed') throw new Error('not failed');
    const error = deserializeApiError(state.error);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('validation');
    expect(error.status).toBe(422);
    // Privacy 2 without a password: refused before the page is even fetched.
    expect(Object.keys(error.fieldErrors)).toEqual(['password']);
    expect((await auditStates.getValue())[page]).toEqual(state);
    expect(await fakeBrowser.action.getBadgeText({ tabId: 5 })).toBe('');
    // The manifest's title (fakeBrowser has no manifest: the extension's name).
    expect(await fakeBrowser.action.getTitle({ tabId: 5 })).toBe('Audit Reports');
    // JSON all the way: what storage.session and messaging carry.
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('fails for a re-run of a report that no longer exists', async () => {
    const runner = createAuditRunner({ api });
    const state = await runner.handle({ type: 'rerun', reportId: 999_999, url: url(), tabId: 1 });
    expect(state).toMatchObject({ status: 'failed', action: 'rerun', reportId: 999_999 });
    if (state.status !== 'failed') throw new Error('not failed');
    expect(state.error).toMatchObject({ kind: 'not-found', status: 404, scope: 'record' });
  });

  it('a badge call that fails (tab closed) does not turn a finished audit into a failure', async () => {
    vi.spyOn(fakeBrowser.action, 'setBadgeText').mockRejectedValue(new Error('No tab with id'));
    const runner = createAuditRunner({ api });
    const state = await runner.handle({ type: 'audit', url: url(), privacy: 0, tabId: 99 });
    expect(state.status).toBe('done');
  });

  it('drops running states a stopped background left behind, keeps the rest', async () => {
    const done = { status: 'done', action: 'audit', at: 1, report: {} as Report, link: '' };
    await auditStates.setValue({
      'http://a.test/': { status: 'running', action: 'audit', since: Date.now() },
      'http://b.test/': done as AuditState,
    });
    const runner = createAuditRunner({ api });
    await runner.recover();
    expect(await auditStates.getValue()).toEqual({ 'http://b.test/': done });
  });

  it(`keeps the newest ${MAX_STATES} pages only`, async () => {
    let clock = 1_000;
    const fakeApi = {
      ...api,
      createReport: () => Promise.reject(new ApiError('server', { status: 500 })),
    };
    const runner = createAuditRunner({ api: fakeApi, now: () => ++clock });
    for (let i = 0; i < MAX_STATES + 5; i++) {
      await runner.handle({ type: 'audit', url: `http://p${i}.test/`, privacy: 0 });
    }
    const states = await auditStates.getValue();
    expect(Object.keys(states)).toHaveLength(MAX_STATES);
    expect(states['http://p0.test/']).toBeUndefined();
    expect(states[`http://p${MAX_STATES + 4}.test/`]).toBeDefined();
  });
});

describe('lookup', () => {
  it('finds the newest report of exactly that URL, with its link, and badges the tab', async () => {
    const runner = createAuditRunner({ api });
    const page = url('decent');
    await api.createReport({ url: `${page}&more` });
    await api.createReport({ url: page });
    const latest = await api.createReport({ url: page });
    counted = [];
    const reply = await runner.handle({ type: 'lookup', url: page, tabId: 11 });
    expect(reply).toMatchObject({ ok: true, report: { id: latest.id } });
    if (!reply.ok) throw new Error('failed');
    expect(reply.link).toBe(`${env.service.url}/reports/${latest.id}`);
    expect(counted).toHaveLength(1);
    expect(await fakeBrowser.action.getBadgeText({ tabId: 11 })).toBe(String(latest.score));
  });

  it('answers null for a page without a report, and leaves the badge alone', async () => {
    const runner = createAuditRunner({ api });
    const reply = await runner.handle({ type: 'lookup', url: url(), tabId: 12 });
    expect(reply).toEqual({ ok: true, report: null, link: null });
    expect(await fakeBrowser.action.getBadgeText({ tabId: 12 })).toBe('');
  });

  it('answers a failure as a serialised ApiError', async () => {
    const wrong = createApi({ baseUrl: env.service.url, getKey: () => 'nope' });
    const runner = createAuditRunner({ api: wrong });
    const reply = await runner.handle({ type: 'lookup', url: url() });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'unauthorized', status: 401 } });
  });

  it('picks the most recently generated, then the highest id', () => {
    const r = (id: number, generated_at: string) => ({ id, generated_at }) as Report;
    expect(newest([])).toBeNull();
    expect(
      newest([
        r(1, '2026-01-02T00:00:00Z'),
        r(3, '2026-01-01T00:00:00Z'),
        r(2, '2026-01-02T00:00:00Z'),
      ])?.id,
    ).toBe(2);
  });
});

describe('messaging', () => {
  let runner: AuditRunner;
  beforeEach(() => {
    runner = listenForAudits(createAuditRunner({ api }));
  });

  it('answers the popup’s messages through runtime messaging', async () => {
    const page = url();
    const state = await sendToBackground({ type: 'audit', url: page, privacy: 0 });
    expect(state.status).toBe('done');
    const found = await sendToBackground({ type: 'lookup', url: page });
    expect(found).toMatchObject({ ok: true });
    expect(runner).toBeDefined();
  });

  it('leaves other messages to other listeners', async () => {
    fakeBrowser.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
      if ((message as { type?: string }).type === 'other') {
        sendResponse('theirs');
        return true;
      }
      return undefined;
    });
    expect(await fakeBrowser.runtime.sendMessage({ type: 'other' })).toBe('theirs');
  });

  it('recognises exactly its own messages', () => {
    expect(isExtensionMessage({ type: 'audit', url: 'http://x/', privacy: 2 })).toBe(true);
    expect(isExtensionMessage({ type: 'audit', url: 'http://x/', privacy: 3 })).toBe(false);
    expect(isExtensionMessage({ type: 'rerun', url: 'http://x/', reportId: 1 })).toBe(true);
    expect(isExtensionMessage({ type: 'rerun', url: 'http://x/' })).toBe(false);
    expect(isExtensionMessage({ type: 'lookup', url: 'http://x/' })).toBe(true);
    expect(isExtensionMessage({ type: 'lookup' })).toBe(false);
    expect(isExtensionMessage('audit')).toBe(false);
    expect(isExtensionMessage(null)).toBe(false);
  });

  it('treats a running state as stale after a while', () => {
    const running: AuditState = { status: 'running', action: 'audit', since: 1_000 };
    expect(isRunning(running, 1_000 + RUNNING_STALE_MS - 1)).toBe(true);
    expect(isRunning(running, 1_000 + RUNNING_STALE_MS)).toBe(false);
    expect(isRunning(undefined)).toBe(false);
  });
});
