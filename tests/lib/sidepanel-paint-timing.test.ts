import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  DATA_MARK,
  PAINT_MEASURE,
  measureRowsPainted,
  watchListArrivals,
} from '@/lib/sidepanel/paint-timing';

const isList = (key: readonly unknown[]) => key[0] === 'reports' && key[1] === 'list';
const painted = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('paint timing marks', () => {
  it('measures from a watched list answer to the paint of its rows', async () => {
    performance.clearMarks();
    performance.clearMeasures();
    const client = new QueryClient();
    const stop = watchListArrivals(client, isList);
    const observer = new QueryObserver(client, {
      queryKey: ['reports', 'list', { page: 1 }],
      queryFn: async () => ({ items: [] }),
    });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    expect(performance.getEntriesByName(DATA_MARK)).toHaveLength(1);
    measureRowsPainted(100);
    await painted();
    const [measure] = performance.getEntriesByName(
      PAINT_MEASURE,
      'measure',
    ) as PerformanceMeasure[];
    expect(measure?.detail).toEqual({ rows: 100 });
    // Rendered again without new data (a cached filter): nothing more is measured.
    measureRowsPainted(100);
    await painted();
    expect(performance.getEntriesByName(PAINT_MEASURE, 'measure')).toHaveLength(1);
    unsubscribe();
    stop();
  });

  it('ignores prefetched pages and other queries', async () => {
    performance.clearMarks();
    const client = new QueryClient();
    const stop = watchListArrivals(client, isList);
    await client.prefetchQuery({
      queryKey: ['reports', 'list', { page: 2 }],
      queryFn: async () => 1,
    });
    await client.fetchQuery({ queryKey: ['projects', 'list'], queryFn: async () => 1 });
    expect(performance.getEntriesByName(DATA_MARK)).toHaveLength(0);
    stop();
  });
});
