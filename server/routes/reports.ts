import { Hono, type Context } from 'hono';
import { auditPage, type Audit, type Result } from '../audit/audit.ts';
import { PageFetchError } from '../audit/fetch-page.ts';
import { readFields } from '../body.ts';
import { guard, type AppEnv, type Deps } from '../guard.ts';
import { notFound } from '../http-error.ts';
import { hashPassword } from '../passwords.ts';
import { asciiJson, fullReportJson, listJson, oneJson, reportJson } from '../serialize.ts';
import * as store from '../store/reports.ts';
import {
  deleteReport,
  insertReport,
  updateReport,
  type ReportChanges,
} from '../store/report-writes.ts';
import { ValidationError, Validator, webUrl } from '../validate.ts';
import { jsonText, methodNotAllowed, pageParams, reportId } from './common.ts';

const RESULTS: readonly Result[] = ['good', 'decent', 'bad'];
const PRIVACY = ['0', '1', '2'] as const;

/** Runs an audit; a page that cannot be fetched is a validation error on `url`. */
async function audit(url: string, deps: Deps): Promise<Audit> {
  try {
    return await auditPage(url, deps.auditTimeoutMs);
  } catch (error) {
    if (error instanceof PageFetchError) throw new ValidationError({ url: [error.message] });
    throw error;
  }
}

function requirePassword(v: Validator, privacy: number, hasPassword: boolean): void {
  if (privacy === 2 && !hasPassword && !v.errors.password) {
    v.fail('password', 'The password field is required when privacy is 2.');
  }
}

export function reportRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const api = new Hono<AppEnv>({ strict: false });
  const auth = guard(deps);

  api.get('/reports', auth, (c) => {
    const url = new URL(c.req.url);
    const v = new Validator(Object.fromEntries(url.searchParams));
    const filter: store.ReportFilter = {
      search: v.string('search', 255),
      project: v.string('project', 255),
      result: v.oneOf('result', RESULTS),
    };
    v.oneOf('search_by', ['url'], 'url');
    const order = {
      sortBy: v.oneOf('sort_by', store.REPORT_SORTS, 'id') ?? 'id',
      sort: v.oneOf('sort', ['desc', 'asc'] as const, 'desc') ?? 'desc',
    };
    const { page, perPage } = pageParams(v);
    v.done();
    const { userId } = c.var.owner;
    const total = store.countReports(db, userId, filter);
    const offset = (page - 1) * perPage;
    const rows =
      offset < total ? store.listReports(db, userId, filter, order, perPage, offset) : [];
    return jsonText(c, listJson(rows.map(reportJson), { url, page, perPage, total }));
  });

  api.get('/reports/:id', auth, (c) => {
    const row = store.getReport(db, c.var.owner.userId, reportId(c));
    if (!row) throw notFound('report');
    return jsonText(c, oneJson(fullReportJson(row)));
  });

  api.post('/reports', auth, async (c) => {
    const v = new Validator(await readFields(c));
    const url = webUrl(v, 'url', v.required('url', 2048));
    const privacy = Number(v.oneOf('privacy', PRIVACY, '0'));
    const password = v.string('password', 255);
    requirePassword(v, privacy, password !== undefined);
    v.done();
    const result = await audit(url!, deps);
    // A password given with privacy 0 or 1 is kept: it takes effect if privacy becomes 2.
    const passwordHash = password === undefined ? null : await hashPassword(password);
    const now = new Date().toISOString();
    const row = insertReport(db, c.var.owner.userId, {
      url: url!,
      result: result.result,
      score: result.score,
      privacy: privacy as 0 | 1 | 2,
      password_hash: passwordHash,
      checks: asciiJson(result.checks),
      generated_at: now,
      created_at: now,
    });
    return jsonText(c, oneJson(fullReportJson(row)), 201);
  });

  const update = async (c: Context<AppEnv>) => {
    const { userId } = c.var.owner;
    const id = reportId(c);
    const existing = store.getReport(db, userId, id);
    if (!existing) throw notFound('report');
    const v = new Validator(await readFields(c));
    const privacy = v.oneOf('privacy', PRIVACY);
    const password = v.string('password', 255);
    const rerun = v.oneOf('update', ['0', '1'] as const, '0') === '1';
    const finalPrivacy = privacy === undefined ? existing.privacy : Number(privacy);
    requirePassword(v, finalPrivacy, password !== undefined || existing.password_hash !== null);
    v.done();
    const changes: ReportChanges = {};
    if (privacy !== undefined) changes.privacy = finalPrivacy as 0 | 1 | 2;
    if (password !== undefined) changes.password_hash = await hashPassword(password);
    if (rerun) {
      const result = await audit(existing.url, deps);
      // Strictly later than the previous audit, even within the same millisecond.
      const previous = Date.parse(existing.generated_at);
      changes.generated_at = new Date(Math.max(Date.now(), previous + 1)).toISOString();
      changes.score = result.score;
      changes.result = result.result;
      changes.checks = asciiJson(result.checks);
    }
    // The report may have been deleted while the audit ran.
    const row = updateReport(db, userId, id, changes);
    if (!row) throw notFound('report');
    return jsonText(c, oneJson(fullReportJson(row)));
  };
  api.put('/reports/:id', auth, update);
  api.patch('/reports/:id', auth, update);

  api.delete('/reports/:id', auth, (c) => {
    const id = reportId(c);
    if (!deleteReport(db, c.var.owner.userId, id)) throw notFound('report');
    return c.json({ id, object: 'report', deleted: true });
  });

  api.all('/reports', methodNotAllowed('GET, HEAD, POST'));
  api.all('/reports/:id', methodNotAllowed('GET, HEAD, PUT, PATCH, DELETE'));
  return api;
}
