/**
 * Export of the filtered reports list, every page of it, against the real reference service.
 * The download itself (Blob + anchor) is observed by catching the Blob handed to
 * URL.createObjectURL; nothing about the API is faked.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Report } from '@/lib/api/schemas';
import { reportFilters } from '@/lib/storage';
import { call } from '../support/http';
import { seedReports, startTestService, type TestEnv } from '../support/service';
import { startFrontPeer } from './sidepanel-peer';
import { configure, renderPanel, settled } from './sidepanel-support';

let env: TestEnv;
let all: Report[];

beforeAll(async () => {
  env = await startTestService();
  seedReports(env, 230, { projects: 3 });
  const pages = await Promise.all(
    [1, 2, 3].map((page) => call(env, 'GET', '/reports', { query: { per_page: 100, page } })),
  );
  all = pages.flatMap((p) => p.body.data as Report[]);
});
afterAll(() => env?.close());
beforeEach(() => configure(env.service.url, env.key));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function catchDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { blobs, names };
}

describe('side panel: export', () => {
  it('exports every page of the filtered list as CSV', async () => {
    await reportFilters.setValue({
      ...reportFilters.fallback,
      project: '127.0.0.1',
      sortBy: 'score',
      sort: 'asc',
    });
    const downloads = catchDownloads();
    const { user, recorder } = renderPanel();
    await settled();
    recorder.clear();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const expected = all
      .filter((r) => r.project === '127.0.0.1')
      .sort((a, b) => a.score - b.score || a.id - b.id);
    await screen.findByText(`Exported ${expected.length} reports.`);
    expect(downloads.names[0]).toMatch(/^audit-reports-.*\.csv$/);
    const lines = (await downloads.blobs[0]!.text()).trim().split('\r\n');
    expect(lines[0]).toBe('id,url,project,result,score,privacy,generated_at,created_at,updated_at');
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(
      expected.map((r) => r.id),
    );
    const reads = recorder.reads('reports');
    expect(reads.map((r) => r.url.searchParams.get('per_page'))).toEqual(reads.map(() => '100'));
    expect(reads[0]!.url.searchParams.get('project')).toBe('127.0.0.1');
  });

  it('exports JSON with every field, across pages, with progress', async () => {
    const downloads = catchDownloads();
    const { user, recorder } = renderPanel();
    await settled();
    recorder.clear();
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    await screen.findByText('Exported 230 reports.');
    expect(recorder.reads('reports').map((r) => r.url.searchParams.get('page'))).toEqual([
      '1',
      '2',
      '3',
    ]);
    const json = JSON.parse(await downloads.blobs[0]!.text()) as Report[];
    expect(json.map((r) => r.id)).toEqual([...all].sort((a, b) => b.id - a.id).map((r) => r.id));
    // A field this extension has no use for is still exported, as the service sent it.
    expect(json[0]).toHaveProperty('has_password');
    expect(downloads.names[0]).toMatch(/\.json$/);
  });

  it('shows progress and can be cancelled', async () => {
    // A slow second page (from a real peer in front of the service) leaves time to cancel.
    const peer = await startFrontPeer(
      env.service.url,
      () => null,
      (request) =>
        request.url.includes('per_page=100') && request.url.includes('page=2') ? 3_000 : 0,
    );
    try {
      await configure(peer.url, env.key);
      const downloads = catchDownloads();
      const { user } = renderPanel();
      await settled();
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await screen.findByText('Exporting… 100 of 230 reports');
      expect(screen.getByRole('progressbar')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Cancel export' }));
      await screen.findByText('Export cancelled.');
      expect(downloads.blobs).toHaveLength(0);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy());
    } finally {
      await peer.close();
    }
  });
});
