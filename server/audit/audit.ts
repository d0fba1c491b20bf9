import { runChecks, type CheckOutcome } from './checks.ts';
import { DEFAULT_LIMITS, fetchPage } from './fetch-page.ts';
import { pageFacts } from './page-facts.ts';

export type Result = 'good' | 'decent' | 'bad';

export interface Audit {
  score: number;
  result: Result;
  checks: CheckOutcome[];
}

export function resultFor(score: number): Result {
  return score >= 80 ? 'good' : score >= 50 ? 'decent' : 'bad';
}

/** Fetches and scores a page; throws PageFetchError when it cannot be audited at all. */
export async function auditPage(url: string, timeoutMs = DEFAULT_LIMITS.timeoutMs): Promise<Audit> {
  const page = await fetchPage(url, { ...DEFAULT_LIMITS, timeoutMs });
  const { score, checks } = runChecks({ page, facts: pageFacts(page.html) });
  return { score, result: resultFor(score), checks };
}
