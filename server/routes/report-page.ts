import { Hono, type Context } from 'hono';
import { readFields } from '../body.ts';
import { bearerKey, type AppEnv, type Deps } from '../guard.ts';
import { authenticate } from '../keys.ts';
import { verifyPassword } from '../passwords.ts';
import { createRateLimiter } from '../rate-limit.ts';
import { messagePage, passwordPage, reportPage } from '../report-page.ts';
import { getReportById } from '../store/reports.ts';

/**
 * `GET /reports/{id}`: the report page "Open report" links to. Public: shown. Password: a form,
 * then the report when the password is right. Private: only with the owner's key in an
 * `Authorization: Bearer` header (a browser tab has none, so it sees "private").
 */
export function reportPageRoutes({ db }: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  // Password guesses: 10 a minute per address and report, so a weak password still holds.
  const guesses = createRateLimiter({ limit: 10, windowMs: 60_000 });

  const html = (c: Context<AppEnv>, body: string, status: 200 | 403 | 404 | 429 = 200) =>
    c.html(body, status, {
      'Cache-Control': 'no-store',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
    });

  const find = (c: Context<AppEnv>) => {
    const raw = c.req.param('id') ?? '';
    return /^[1-9]\d{0,14}$/.test(raw) ? getReportById(db, Number(raw)) : undefined;
  };
  const missing = (c: Context<AppEnv>) =>
    html(c, messagePage('Report not found', 'There is no such report.'), 404);

  app.get('/reports/:id', (c) => {
    const row = find(c);
    if (!row) return missing(c);
    const key = bearerKey(c.req.header('authorization'));
    const isOwner = key !== undefined && authenticate(db, key)?.userId === row.user_id;
    if (row.privacy === 0 || isOwner) return html(c, reportPage(row));
    if (row.privacy === 2) return html(c, passwordPage(row.id, false));
    return html(c, messagePage('This report is private', 'Only its owner can see it.'), 403);
  });

  app.post('/reports/:id', async (c) => {
    const row = find(c);
    if (!row) return missing(c);
    if (row.privacy !== 2) return c.redirect(`/reports/${row.id}`, 303);
    const address = c.env.incoming.socket.remoteAddress ?? 'unknown';
    const decision = guesses.hit(`${address} ${row.id}`);
    if (!decision.allowed) {
      c.header('Retry-After', String(decision.retryAfter));
      return html(c, messagePage('Too many attempts', 'Wait a minute, then try again.'), 429);
    }
    const password = (await readFields(c)).password;
    const right =
      typeof password === 'string' &&
      row.password_hash !== null &&
      (await verifyPassword(password, row.password_hash));
    return right ? html(c, reportPage(row)) : html(c, passwordPage(row.id, true), 403);
  });
  return app;
}
