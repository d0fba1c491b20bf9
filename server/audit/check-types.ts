import type { FetchedPage } from './fetch-page.ts';
import type { PageFacts } from './page-facts.ts';

export interface CheckOutcome {
  id: string;
  title: string;
  passed: boolean;
  detail: string;
}

export interface CheckInput {
  page: FetchedPage;
  facts: PageFacts;
}

export interface Check {
  id: string;
  title: string;
  /** Points this check is worth; all weights add up to 100, so the score is a plain sum. */
  weight: number;
  run(input: CheckInput): { passed: boolean; detail: string };
}
