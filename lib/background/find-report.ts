import type { Api } from '@/lib/api/create-api';
import type { Report } from '@/lib/api/schemas';
import { lookupSearch, sameUrl } from '@/lib/popup/page-url';

/**
 * The newest report of exactly this page, with one list request: the service matches `search`
 * as a substring, so the answer is sorted by URL (the exact spelling comes first among longer
 * URLs that contain it) and filtered here with `sameUrl`.
 */
export async function findReport(
  api: Pick<Api, 'listReports'>,
  url: string,
): Promise<Report | null> {
  const page = await api.listReports({
    search: lookupSearch(url),
    sort_by: 'url',
    sort: 'asc',
    per_page: 100,
  });
  return newest(page.items.filter((report) => sameUrl(report.url, url)));
}

/** The most recently generated report (then the highest id); null for none. */
export function newest(reports: readonly Report[]): Report | null {
  let best: Report | null = null;
  for (const report of reports) {
    if (best === null || compare(report, best) > 0) best = report;
  }
  return best;
}

function compare(a: Report, b: Report): number {
  const time = (r: Report) => Date.parse(r.generated_at ?? '') || 0;
  return time(a) - time(b) || a.id - b.id;
}
