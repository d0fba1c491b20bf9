import { Hono } from 'hono';
import { guard, type AppEnv, type Deps } from '../guard.ts';
import { notFound } from '../http-error.ts';
import { listJson, projectJson } from '../serialize.ts';
import * as store from '../store/projects.ts';
import { Validator } from '../validate.ts';
import { jsonText, methodNotAllowed, pageParams } from './common.ts';

export function projectRoutes(deps: Deps): Hono<AppEnv> {
  const { db } = deps;
  const api = new Hono<AppEnv>({ strict: false });
  const auth = guard(deps);

  api.get('/projects', auth, (c) => {
    const url = new URL(c.req.url);
    const v = new Validator(Object.fromEntries(url.searchParams));
    const search = v.string('search', 255);
    v.oneOf('search_by', ['project'], 'project');
    const order = {
      sortBy: v.oneOf('sort_by', store.PROJECT_SORTS, 'created_at') ?? 'created_at',
      sort: v.oneOf('sort', ['desc', 'asc'] as const, 'desc') ?? 'desc',
    };
    const { page, perPage } = pageParams(v);
    v.done();
    const { userId } = c.var.owner;
    const total = store.countProjects(db, userId, search);
    const offset = (page - 1) * perPage;
    const rows =
      offset < total ? store.listProjects(db, userId, search, order, perPage, offset) : [];
    return jsonText(c, listJson(rows.map(projectJson), { url, page, perPage, total }));
  });

  // {project} is the project's name, percent-encoded as one path segment (CONTRACT.md).
  api.delete('/projects/:project', auth, (c) => {
    const name = c.req.param('project');
    if (!store.deleteProject(db, c.var.owner.userId, name)) throw notFound('project');
    return c.json({ id: name, object: 'project', deleted: true });
  });

  api.all('/projects', methodNotAllowed('GET, HEAD'));
  api.all('/projects/:project', methodNotAllowed('DELETE'));
  return api;
}
