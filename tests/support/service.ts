import type { SeedReport } from '../../server/seed.ts';
import { startService, type RunningService, type ServiceOptions } from '../../server/start.ts';
import { startFixtureSite, type FixturePage, type FixtureSite } from './fixture-site.ts';

export interface TestEnv {
  service: RunningService;
  site: FixtureSite;
  /** A key of a fresh user. */
  key: string;
  /** `${service.url}/api/v1` */
  api: string;
  close(): Promise<void>;
}

/**
 * The reference service in-process on a random loopback port with an in-memory database, silent,
 * with a 1.5 s audit timeout, plus the fixture site and one key:
 *
 *   const env = await startTestService();
 *   await fetch(`${env.api}/reports`, { headers: { authorization: `Bearer ${env.key}` } });
 *   await env.close();
 */
export async function startTestService(options: ServiceOptions = {}): Promise<TestEnv> {
  const [service, site] = await Promise.all([
    startService({ port: 0, data: ':memory:', log: false, auditTimeoutMs: 1500, ...options }),
    startFixtureSite(),
  ]);
  return {
    service,
    site,
    key: service.createKey(),
    api: `${service.url}/api/v1`,
    close: async () => {
      await Promise.all([service.close(), site.close()]);
    },
  };
}

export interface SeedOptions {
  /** Whose reports; default env.key. */
  key?: string;
  /** How many projects to spread them over (round robin); default 3. */
  projects?: number;
  /** Fixture page in each URL; default 'good'. (Seeded reports are not audited.) */
  page?: FixturePage;
}

/**
 * Inserts `count` reports straight into the database, without auditing: thousands per second.
 * Report i gets URL `http://<host>/<page>?n=i` where the host cycles over `projects` names: the
 * fixture site's loopback addresses first (so the URLs really open), then `site-K.test`. Scores
 * spread over 0–100 (so all three results appear), privacy cycles 0, 1, 2 (password 'secret'),
 * created_at one minute apart, oldest first. Returns the ids in insertion order.
 */
export function seedReports(env: TestEnv, count: number, options: SeedOptions = {}): number[] {
  const projects = options.projects ?? 3;
  const page = options.page ?? 'good';
  const urlOf = (i: number) => {
    const k = i % projects;
    const query = `n=${i}`;
    return k < env.site.hosts.length
      ? env.site.pageUrl(page, { host: env.site.hosts[k], query })
      : `http://site-${k}.test/${page}?${query}`;
  };
  const reports: SeedReport[] = Array.from({ length: count }, (_, i) => {
    const privacy = (i % 3) as 0 | 1 | 2;
    return { url: urlOf(i), privacy, password: privacy === 2 ? 'secret' : undefined };
  });
  return env.service.seed(options.key ?? env.key, reports);
}
