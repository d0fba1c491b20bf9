// What the extension benchmarks (popup-ready.ts, requests.ts, side-panel-paint.ts) are run with.

/** The floor page, copied into the e2e build under this name (see bench/static.html). */
export const STATIC_PAGE = 'bench-static.html';

export interface ExtensionOptions {
  /** Measured opens of each page (popup, floor); the figure is 20. */
  opens: number;
  /** Measured side panel paints of 100 rows; the figure is 20. */
  paints: number;
  /** Unmeasured runs first: code caches and JIT, so the figures describe steady state. */
  warmups: number;
}
