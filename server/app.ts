import { Hono } from 'hono';
import { cors } from './cors.ts';
import { HttpError } from './http-error.ts';
import { requestLog, type LogLine } from './log.ts';
import type { AppEnv, Deps } from './guard.ts';
import { projectRoutes } from './routes/projects.ts';
import { reportPageRoutes } from './routes/report-page.ts';
import { reportRoutes } from './routes/reports.ts';
import { ValidationError } from './validate.ts';

export function createApp(deps: Deps, log: LogLine | false): Hono<AppEnv> {
  // strict: false — '/api/v1/reports/' is '/api/v1/reports', as in Laravel.
  const app = new Hono<AppEnv>({ strict: false });
  if (log) app.use(requestLog(log));

  app.use('/api/*', cors());
  app.route('/api/v1', reportRoutes(deps));
  app.route('/api/v1', projectRoutes(deps));
  app.route('/', reportPageRoutes(deps));
  app.get('/', (c) =>
    c.json({ message: 'Audit Reports reference service. The API lives under /api/v1.' }),
  );

  app.notFound((c) => c.json({ message: 'Not Found.' }, 404));
  app.onError((error, c) => {
    if (error instanceof ValidationError) {
      return c.json({ message: error.message, errors: error.errors }, 422);
    }
    if (error instanceof HttpError) {
      return c.json({ message: error.message }, error.status as 400, error.headers);
    }
    console.error(error);
    return c.json({ message: 'Server Error.' }, 500);
  });
  return app;
}
