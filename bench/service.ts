/**
 * `npm run bench:service`: the reference service under load, at the size the issue sets.
 *
 * Seeds 100,000 reports over 2 keys and 200 projects into a temporary SQLite file, starts the
 * service in a child process (so autocannon's load generation does not share its event loop),
 * then runs autocannon for 10 s per case. Prints req/s, p50 and p99 per case against the budget;
 * `runServiceBench()` returns the same figures for bench/run.ts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDb } from '../server/db.ts';
import { createUserWithKey } from '../server/keys.ts';
import { seedReports, type SeedReport } from '../server/seed.ts';

export interface CaseFigures {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /**
   * The service process's CPU time (user + system) per request: unlike req/s, it hardly moves
   * when other work shares the machine, so it tells whether a slow run was the code or the box.
   */
  serverCpuMsPerRequest: number;
  /** The budget, where the issue sets one; `met` says whether this run kept it. */
  budget?: { minRequestsPerSecond: number; maxP99Ms: number; met: boolean };
}

export interface ServiceBenchFigures {
  reports: number;
  projects: number;
  seedSeconds: number;
  durationSeconds: number;
  /** 1-minute load average before and after: other work on the machine skews req/s. */
  loadAverage: { before: number; after: number };
  cases: CaseFigures[];
}

// BENCH_REPORTS and BENCH_SECONDS shrink a run for a quick look; the figures that count use neither.
const REPORTS = Number(process.env.BENCH_REPORTS ?? 100_000);
const PROJECTS = 200;

const CASES = [
  {
    name: 'list per_page=10 sort_by=score',
    path: '/api/v1/reports?per_page=10&sort_by=score',
    budget: { minRequestsPerSecond: 5_000, maxP99Ms: 10 },
  },
  { name: 'list with search', path: '/api/v1/reports?search=page-77' },
  { name: 'list per_page=100', path: '/api/v1/reports?per_page=100' },
  { name: 'list projects', path: '/api/v1/projects' },
];

/** Two users, half the reports and half the projects each; scores spread over 0–100. */
function seed(path: string): { key: string; seconds: number } {
  const started = performance.now();
  const db = openDb(path);
  const users = [createUserWithKey(db), createUserWithKey(db)];
  const perUser = REPORTS / users.length;
  const projectsPerUser = PROJECTS / users.length;
  users.forEach((user, u) => {
    const reports: SeedReport[] = Array.from({ length: perUser }, (_, i) => ({
      url: `https://site-${u}-${i % projectsPerUser}.example/section-${i % 37}/page-${i}`,
      score: (i * 7919) % 101,
      privacy: (i % 3 === 2 ? 1 : 0) as 0 | 1,
    }));
    seedReports(db, user.userId, reports);
  });
  db.raw.exec('PRAGMA wal_checkpoint(TRUNCATE); ANALYZE');
  db.close();
  return { key: users[0]!.key, seconds: (performance.now() - started) / 1000 };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // Fields 14 and 15 of stat (utime, stime), in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function startChild(data: string, logFile: string) {
  const { openSync } = await import('node:fs');
  const out = openSync(logFile, 'w');
  // Logging stays on (as in real use), into a file so reading it costs the load generator nothing.
  const child = spawn(
    process.execPath,
    [
      join(import.meta.dirname, '../server/cli.ts'),
      '--port',
      '0',
      '--data',
      data,
      '--rate-limit',
      '1000000000',
    ],
    { stdio: ['ignore', out, 'inherit'] },
  );
  for (let waited = 0; waited < 15_000; waited += 50) {
    const match = /service on (http:\/\/\S+) /.exec(readFileSync(logFile, 'utf8'));
    if (match) return { child, url: match[1]! };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill();
  throw new Error('The service did not start within 15 s.');
}

export async function runServiceBench(durationSeconds = 10): Promise<ServiceBenchFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'audit-service-bench-'));
  const loadBefore = loadavg()[0]!;
  try {
    const data = join(dir, 'bench.db');
    const seeded = seed(data);
    const { child, url } = await startChild(data, join(dir, 'service.log'));
    const cases: CaseFigures[] = [];
    try {
      for (const c of CASES) {
        const headers = { authorization: `Bearer ${seeded.key}`, accept: 'application/json' };
        // A short warm-up: JIT and SQLite's page cache, so the figures describe steady state.
        await autocannon({ url: url + c.path, connections: 10, duration: 1, headers });
        const cpuBefore = cpuSeconds(child.pid!);
        const r = await autocannon({
          url: url + c.path,
          connections: 10,
          duration: durationSeconds,
          headers,
        });
        const cpu = cpuSeconds(child.pid!) - cpuBefore;
        const figures: CaseFigures = {
          name: c.name,
          path: c.path,
          requestsPerSecond: Math.round(r.requests.average),
          p50Ms: r.latency.p50,
          p99Ms: r.latency.p99,
          non2xx: r.non2xx,
          errors: r.errors + r.timeouts,
          serverCpuMsPerRequest: Number(((cpu * 1000) / r.requests.total).toFixed(3)),
        };
        if (c.budget) {
          const met =
            figures.requestsPerSecond >= c.budget.minRequestsPerSecond &&
            figures.p99Ms <= c.budget.maxP99Ms;
          figures.budget = { ...c.budget, met };
        }
        cases.push(figures);
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    return {
      reports: REPORTS,
      projects: PROJECTS,
      seedSeconds: Number(seeded.seconds.toFixed(1)),
      durationSeconds,
      loadAverage: {
        before: Number(loadBefore.toFixed(2)),
        after: Number(loadavg()[0]!.toFixed(2)),
      },
      cases,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function print(figures: ServiceBenchFigures): void {
  console.log(
    `Reference service: ${figures.reports.toLocaleString('en')} reports, ${figures.projects} projects, 2 keys ` +
      `(seeded in ${figures.seedSeconds} s); autocannon, 10 connections, ${figures.durationSeconds} s per case; ` +
      `load average ${figures.loadAverage.before} before, ${figures.loadAverage.after} after.\n`,
  );
  console.log('case                               req/s     p50     p99  cpu/req  non-2xx  budget');
  for (const c of figures.cases) {
    const budget = c.budget
      ? `${c.budget.met ? 'met' : 'MISSED'} (≥ ${c.budget.minRequestsPerSecond} req/s, p99 ≤ ${c.budget.maxP99Ms} ms)`
      : '-';
    console.log(
      `${c.name.padEnd(32)} ${String(c.requestsPerSecond).padStart(7)} ${`${c.p50Ms} ms`.padStart(7)} ` +
        `${`${c.p99Ms} ms`.padStart(7)} ${`${c.serverCpuMsPerRequest} ms`.padStart(8)} ` +
        `${String(c.non2xx + c.errors).padStart(8)}  ${budget}`,
    );
  }
}

if (import.meta.main) {
  const figures = await runServiceBench(Number(process.env.BENCH_SECONDS ?? 10));
  print(figures);
  if (process.argv.includes('--json')) console.log(JSON.stringify(figures, null, 2));
  if (figures.cases.some((c) => c.budget && !c.budget.met)) process.exitCode = 1;
}
