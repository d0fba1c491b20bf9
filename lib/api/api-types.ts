/**
 * The client's surface: what the extension calls, with the spec's parameter names (they go on
 * the wire as they are). createApi() builds one.
 */
import type {
  Page,
  PerPage,
  Privacy,
  Project,
  ProjectSortBy,
  Report,
  ReportResult,
  ReportSortBy,
  SortDir,
  UpdateFlag,
} from './schemas';

export interface ReportListParams {
  search?: string;
  search_by?: 'url';
  project?: string;
  result?: ReportResult;
  sort_by?: ReportSortBy;
  sort?: SortDir;
  per_page?: PerPage;
  /** 1-based (CONTRACT.md). */
  page?: number;
}

export interface ProjectListParams {
  search?: string;
  search_by?: 'project';
  sort_by?: ProjectSortBy;
  sort?: SortDir;
  per_page?: PerPage;
  page?: number;
}

export interface CreateReportInput {
  url: string;
  privacy?: Privacy;
  /** Only has effect with privacy 2. */
  password?: string;
}

export interface UpdateReportInput {
  privacy?: Privacy;
  password?: string;
  /** 1 re-runs the audit: new score, result and generated_at, same id. */
  update?: UpdateFlag;
}

export type ReportId = number | string;

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface DeleteResult {
  deleted: true;
  /** What the server said it deleted, when it said (a 204 says nothing). */
  id?: string | number;
  object?: string;
}

export interface Api {
  /** The normalised base URL (no trailing slash, no /api/v1). */
  readonly baseUrl: string;
  readonly origin: string;
  listReports(params?: ReportListParams, options?: RequestOptions): Promise<Page<Report>>;
  getReport(id: ReportId, options?: RequestOptions): Promise<Report>;
  createReport(input: CreateReportInput, options?: RequestOptions): Promise<Report>;
  updateReport(id: ReportId, input: UpdateReportInput, options?: RequestOptions): Promise<Report>;
  deleteReport(id: ReportId, options?: RequestOptions): Promise<DeleteResult>;
  listProjects(params?: ProjectListParams, options?: RequestOptions): Promise<Page<Project>>;
  deleteProject(name: string, options?: RequestOptions): Promise<DeleteResult>;
  /** The report's public page, `{base_url}/reports/{id}`. */
  reportPageUrl(id: ReportId): string;
}
