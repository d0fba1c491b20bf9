export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  /** Whole seconds until the window resets (the `Retry-After` value). */
  retryAfter: number;
}

/**
 * Fixed-window counter per key, in memory: the service is one process, and a restart forgiving
 * everyone is acceptable for a reference service.
 */
export function createRateLimiter({ limit, windowMs }: RateLimit) {
  const windows = new Map<string | number, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    limit,
    hit(key: string | number, now = Date.now()): RateDecision {
      if (now >= nextSweep) {
        // Drop finished windows now and then so idle keys do not pile up.
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        nextSweep = now + windowMs;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return {
        allowed: window.count <= limit,
        remaining: Math.max(0, limit - window.count),
        retryAfter: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
      };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
