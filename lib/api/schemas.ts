/**
 * Runtime shapes of what the service answers, and the spec's enumerations as types.
 *
 * Read liberally (CONTRACT.md): objects are loose (unknown fields are kept and passed on), and
 * numbers that a PHP service may serialise as strings ("87.50", "3") are accepted and turned
 * into numbers. Only what the UI cannot do without is required: a report's id, url, result,
 * score and privacy; a project's name. Anything else that is missing stays `undefined`.
 *
 * valibot rather than zod/mini, for bundle size (the popup's budget is 90 KB gzip). These exact
 * schemas plus one safeParse, bundled and minified with esbuild 0.28: valibot 1.5 7.6 KB
 * (2.6 KB gzip), zod/mini 4.6 23.5 KB (7.7 KB gzip); both parse the same inputs the same way.
 */
import * as v from 'valibot';

// ---------------------------------------------------------------------------------------------
// Enumerations of the spec, as literal unions (and arrays to iterate over in the UI).

export const REPORT_RESULTS = ['good', 'decent', 'bad'] as const;
export type ReportResult = (typeof REPORT_RESULTS)[number];

/** 0 Public, 1 Private, 2 Password. */
export const PRIVACIES = [0, 1, 2] as const;
export type Privacy = (typeof PRIVACIES)[number];

export const REPORT_SORT_KEYS = ['id', 'generated_at', 'url', 'score'] as const;
export type ReportSortBy = (typeof REPORT_SORT_KEYS)[number];

export const PROJECT_SORT_KEYS = ['created_at', 'project'] as const;
export type ProjectSortBy = (typeof PROJECT_SORT_KEYS)[number];

export const SORT_DIRS = ['desc', 'asc'] as const;
export type SortDir = (typeof SORT_DIRS)[number];

export const PER_PAGE_VALUES = [10, 25, 50, 100] as const;
export type PerPage = (typeof PER_PAGE_VALUES)[number];

/** The `update` flag of PUT/PATCH /reports/{id}: 1 re-runs the audit. */
export type UpdateFlag = 0 | 1;

// ---------------------------------------------------------------------------------------------
// Building blocks.

/** A number, or a string holding one (Laravel's decimal casts serialise as strings). */
const numeric = v.pipe(
  v.union([
    v.number(),
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^-?\d+(\.\d+)?$/),
      v.transform((s) => Number(s)),
    ),
  ]),
  v.finite(),
);

const integer = v.pipe(numeric, v.integer());

const optionalString = v.nullish(v.string());

// ---------------------------------------------------------------------------------------------
// Records.

/** One check of an audit, when the service sends them (optional everywhere). */
export const CheckSchema = v.looseObject({
  id: v.union([v.string(), v.number()]),
  title: v.optional(v.string()),
  passed: v.optional(v.boolean()),
  detail: v.nullish(v.string()),
});
export type Check = v.InferOutput<typeof CheckSchema>;

export const ReportSchema = v.looseObject({
  id: integer,
  url: v.string(),
  /** The URL's host name; optional here so a deployment that omits it still works. */
  project: optionalString,
  result: v.pipe(
    v.string(),
    v.transform((s) => s.trim().toLowerCase()),
    v.picklist(REPORT_RESULTS),
  ),
  score: numeric,
  privacy: v.pipe(integer, v.picklist(PRIVACIES)),
  generated_at: optionalString,
  created_at: optionalString,
  updated_at: optionalString,
  checks: v.optional(v.array(CheckSchema)),
});
export type Report = v.InferOutput<typeof ReportSchema>;

/**
 * The report's contract fields, in the order people read them: the detail shows these first (any
 * other field after them) and a CSV export has these columns. `checks` is not one: it is a list,
 * shown on its own and left out of a flat CSV.
 */
export const REPORT_FIELDS = [
  'id',
  'url',
  'project',
  'result',
  'score',
  'privacy',
  'generated_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Report)[];
export type ReportField = (typeof REPORT_FIELDS)[number];

export const ProjectSchema = v.looseObject({
  project: v.string(),
  created_at: optionalString,
  /** CONTRACT: also accept its absence. */
  reports_count: v.optional(integer),
});
export type Project = v.InferOutput<typeof ProjectSchema>;

// ---------------------------------------------------------------------------------------------
// Envelopes.

/** Laravel's pagination meta; every field optional so a partial meta still reads. */
export const ListMetaSchema = v.looseObject({
  current_page: v.optional(integer),
  from: v.nullish(integer),
  last_page: v.optional(integer),
  path: v.optional(v.string()),
  per_page: v.optional(integer),
  to: v.nullish(integer),
  total: v.optional(integer),
});
export type ListMeta = v.InferOutput<typeof ListMetaSchema>;

export const ListLinksSchema = v.looseObject({
  first: optionalString,
  last: optionalString,
  prev: optionalString,
  next: optionalString,
});

/**
 * A list answer: the Laravel envelope `{data, links, meta}`, `data` without `meta`, or a bare
 * array (CONTRACT "also accept").
 */
export function listSchema<TItem extends v.GenericSchema>(item: TItem) {
  return v.union([
    v.looseObject({
      data: v.array(item),
      links: v.nullish(ListLinksSchema),
      meta: v.nullish(ListMetaSchema),
    }),
    v.array(item),
  ]);
}

export const ReportListSchema = listSchema(ReportSchema);
export type ReportListBody = v.InferOutput<typeof ReportListSchema>;
export const ProjectListSchema = listSchema(ProjectSchema);
export type ProjectListBody = v.InferOutput<typeof ProjectListSchema>;

/**
 * One record: `{data: {...}}`, or the bare record (CONTRACT "also accept"). The wrapped form is
 * tried first: a bare report never has a `data` field that is itself a report.
 */
export const ReportEnvelopeSchema = v.union([
  v.pipe(
    v.looseObject({ data: ReportSchema }),
    v.transform((body) => body.data),
  ),
  ReportSchema,
]);

/**
 * A delete answer: `{id, object, deleted: true}`. A 204 or any other 2xx body is accepted too;
 * read-response.ts only validates a JSON object body, and refuses `deleted: false`.
 */
export const DeleteAnswerSchema = v.looseObject({
  id: v.optional(v.union([v.string(), v.number()])),
  object: v.optional(v.string()),
  deleted: v.optional(v.boolean()),
});
export type DeleteAnswer = v.InferOutput<typeof DeleteAnswerSchema>;

/** An error body: `{message, errors}` or `{error}` (CONTRACT "also accept"). */
export const ErrorBodySchema = v.looseObject({
  message: v.optional(v.unknown()),
  error: v.optional(v.unknown()),
  errors: v.optional(v.unknown()),
});

// ---------------------------------------------------------------------------------------------
// What the client returns for a list, whatever the wire shape was.

export interface Page<T> {
  items: T[];
  /** 1-based. */
  page: number;
  perPage: number;
  /** Null when the server did not say (no `meta`). */
  total: number | null;
  lastPage: number | null;
  /** 1-based position of the first and last item on this page, null when the page is empty. */
  from: number | null;
  to: number | null;
  /** True when a next page exists, or may exist (a full page without `meta`). */
  hasNext: boolean;
}
