/** Small order statistics for benchmark samples (nearest rank, no interpolation). */

function sorted(samples: readonly number[]): number[] {
  if (samples.length === 0) throw new Error('No samples');
  return [...samples].sort((a, b) => a - b);
}

/** The p-th percentile (0–100) by nearest rank: a value that was actually measured. */
export function percentile(samples: readonly number[], p: number): number {
  const s = sorted(samples);
  return s[Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length))) - 1]!;
}

/** The median; the mean of the middle two for an even count. */
export function median(samples: readonly number[]): number {
  const s = sorted(samples);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export interface Summary {
  median: number;
  p90: number;
  min: number;
  max: number;
  samples: number[];
}

export function summarise(samples: readonly number[]): Summary {
  return {
    median: round(median(samples)),
    p90: round(percentile(samples, 90)),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
    samples: samples.map((v) => round(v)),
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
