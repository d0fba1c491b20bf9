// Runs once before the e2e suites: rebuilds the e2e extension when it is missing or older than
// the sources (scripts/e2e.ts has just built it, so this is then a no-op).
import { buildE2e } from '../../scripts/build-e2e.ts';

export default function setup(): void {
  buildE2e({ onlyIfStale: true });
}
