import type { Db } from '../db.ts';

interface Cache {
  /** Per user, a number that changes whenever any of the user's reports change. */
  generations: Map<number, number>;
  totals: Map<string, { generation: number; total: number }>;
}

const MAX_TOTALS = 10_000;
const caches = new WeakMap<Db, Cache>();

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { generations: new Map(), totals: new Map() }));
  return cache;
}

/** Every write to a user's reports calls this, inside its transaction. */
export function reportsChanged(db: Db, userId: number): void {
  const { generations } = cacheOf(db);
  generations.set(userId, (generations.get(userId) ?? 0) + 1);
}

/**
 * The total of a filtered list, counted once and remembered until the user's reports change.
 * A search counts by scanning the user's index entries (milliseconds at 50,000 reports); paging
 * through its results asks for the same total on every page. All report writes go through this
 * process's store functions, so the generation never misses one.
 */
export function cachedTotal(db: Db, userId: number, key: string, count: () => number): number {
  const { generations, totals } = cacheOf(db);
  const generation = generations.get(userId) ?? 0;
  const cacheKey = `${userId}\u0000${key}`;
  const hit = totals.get(cacheKey);
  if (hit && hit.generation === generation) return hit.total;
  const total = count();
  if (totals.size >= MAX_TOTALS) totals.clear();
  totals.set(cacheKey, { generation, total });
  return total;
}
