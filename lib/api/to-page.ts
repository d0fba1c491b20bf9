import type { ListMeta, Page } from './schemas';

/** A list as the server may send it: an envelope with or without meta and links, or bare. */
export type ListBody<T> =
  T[] | { data: T[]; meta?: ListMeta | null; links?: { next?: string | null } | null };

/** Any list wire shape → one page. */
export function toPage<T>(
  body: ListBody<T>,
  requested: { page?: number; per_page?: number },
): Page<T> {
  const requestedPage = requested.page ?? 1;
  const requestedPerPage = requested.per_page ?? 10;
  const items = Array.isArray(body) ? body : body.data;
  const meta = Array.isArray(body) ? undefined : (body.meta ?? undefined);
  const links = Array.isArray(body) ? undefined : (body.links ?? undefined);

  const span = (page: number, perPage: number) => {
    const from = items.length > 0 ? (page - 1) * perPage + 1 : null;
    return { from, to: from === null ? null : from + items.length - 1 };
  };

  if (meta && (meta.current_page !== undefined || meta.total !== undefined)) {
    const page = meta.current_page ?? requestedPage;
    const perPage = meta.per_page ?? requestedPerPage;
    const total = meta.total ?? null;
    const lastPage =
      meta.last_page ?? (total === null ? null : Math.max(1, Math.ceil(total / perPage)));
    const fallback = span(page, perPage);
    return {
      items,
      page,
      perPage,
      total,
      lastPage,
      from: meta.from === undefined ? fallback.from : meta.from,
      to: meta.to === undefined ? fallback.to : meta.to,
      hasNext: lastPage === null ? items.length >= perPage : page < lastPage,
    };
  }

  // A bare array longer than a page: the server ignored paging and sent everything.
  if (Array.isArray(body) && items.length > requestedPerPage) {
    return {
      items,
      page: 1,
      perPage: requestedPerPage,
      total: items.length,
      lastPage: 1,
      from: 1,
      to: items.length,
      hasNext: false,
    };
  }

  // No meta: links.next says it when present; otherwise a full page means "there may be more".
  const hasNext = links && 'next' in links ? Boolean(links.next) : items.length >= requestedPerPage;
  return {
    items,
    page: requestedPage,
    perPage: requestedPerPage,
    total: null,
    lastPage: null,
    ...span(requestedPage, requestedPerPage),
    hasNext,
  };
}
