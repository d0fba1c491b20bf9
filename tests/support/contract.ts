import * as v from 'valibot';

/**
 * The reference service's responses, exactly as CONTRACT.md decides them (plus the service's own
 * extra report fields `has_password` and, on single records, `checks`). Strict objects: a field too many fails,
 * so a password can never slip into a response unnoticed.
 */
const timestamp = v.pipe(v.string(), v.isoTimestamp());
const link = v.nullable(v.pipe(v.string(), v.url()));

export const CheckSchema = v.strictObject({
  id: v.string(),
  title: v.string(),
  passed: v.boolean(),
  detail: v.string(),
});

/** A report as lists carry it: every field but `checks`. */
export const ReportSummarySchema = v.strictObject({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  url: v.string(),
  project: v.string(),
  result: v.picklist(['good', 'decent', 'bad']),
  score: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  privacy: v.picklist([0, 1, 2]),
  has_password: v.boolean(),
  generated_at: timestamp,
  created_at: timestamp,
  updated_at: timestamp,
});

/** A whole report (show, create, update): the summary plus its `checks`. */
export const ReportSchema = v.strictObject({
  ...ReportSummarySchema.entries,
  checks: v.array(CheckSchema),
});

export const ProjectSchema = v.strictObject({
  project: v.string(),
  created_at: timestamp,
  reports_count: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const position = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)));

function listOf<T extends v.GenericSchema>(item: T) {
  return v.strictObject({
    data: v.array(item),
    links: v.strictObject({ first: link, last: link, prev: link, next: link }),
    meta: v.strictObject({
      current_page: v.pipe(v.number(), v.integer(), v.minValue(1)),
      from: position,
      last_page: v.pipe(v.number(), v.integer(), v.minValue(1)),
      path: v.pipe(v.string(), v.url()),
      per_page: v.picklist([10, 25, 50, 100]),
      to: position,
      total: count,
    }),
  });
}

export const ReportListSchema = listOf(ReportSummarySchema);
export const ProjectListSchema = listOf(ProjectSchema);
export const OneReportSchema = v.strictObject({ data: ReportSchema });

export const DeletedSchema = v.strictObject({
  id: v.union([v.number(), v.string()]),
  object: v.picklist(['report', 'project']),
  deleted: v.literal(true),
});

export const ErrorSchema = v.strictObject({ message: v.pipe(v.string(), v.minLength(1)) });

export const ValidationSchema = v.strictObject({
  message: v.pipe(v.string(), v.minLength(1)),
  errors: v.record(v.string(), v.pipe(v.array(v.string()), v.minLength(1))),
});

export type Report = v.InferOutput<typeof ReportSchema>;
export type ReportSummary = v.InferOutput<typeof ReportSummarySchema>;
export type Project = v.InferOutput<typeof ProjectSchema>;
export type ReportList = v.InferOutput<typeof ReportListSchema>;
export type ProjectList = v.InferOutput<typeof ProjectListSchema>;

/** Parses `body` with `schema`, throwing a readable error (path and message) when it does not fit. */
export function expectShape<T extends v.GenericSchema>(schema: T, body: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, body);
  if (!result.success) {
    const issues = result.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`);
    throw new Error(
      `Response does not match the contract:\n${issues.join('\n')}\n${JSON.stringify(body)}`,
    );
  }
  return result.output;
}
