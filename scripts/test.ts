// `npm test`: every check the project has, in order of cost, stopping at the first failure.
import { spawnSync } from 'node:child_process';

const steps: [string, string[]][] = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit, component and service tests', ['run', 'test:unit']],
  ['end-to-end tests in real browsers', ['run', 'test:e2e']],
];

for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`);
  const { status } = spawnSync('npm', args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(status ?? 1);
  }
}
console.log('\n✔ all checks passed');
