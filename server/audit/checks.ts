import type { Check, CheckInput, CheckOutcome } from './check-types.ts';
import { DOCUMENT_CHECKS } from './document-checks.ts';
import { RESPONSE_CHECKS } from './response-checks.ts';

export type { CheckOutcome } from './check-types.ts';

/** Every check, in the order reports list them. */
export const CHECKS: readonly Check[] = [...DOCUMENT_CHECKS, ...RESPONSE_CHECKS];

export function runChecks(input: CheckInput): { score: number; checks: CheckOutcome[] } {
  let score = 0;
  const checks = CHECKS.map((check) => {
    const { passed, detail } = check.run(input);
    if (passed) score += check.weight;
    return { id: check.id, title: check.title, passed, detail };
  });
  return { score, checks };
}
