import type { CheckOutcome } from './audit/checks.ts';
import type { ReportWithChecks } from './store/reports.ts';

/** Every value that reaches the page goes through here: URLs and check details come from strangers. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#222}
.good{color:#176b2c}.decent{color:#8a5a00}.bad{color:#a3161b}
table{border-collapse:collapse;width:100%}td,th{padding:.4rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
.score{font-size:2.5rem;font-weight:700}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

export function reportPage(row: ReportWithChecks): string {
  const checks = JSON.parse(row.checks) as CheckOutcome[];
  const rows = checks
    .map(
      (check) =>
        `<tr><td>${check.passed ? '✔' : '✘'}<span hidden>${check.passed ? 'passed' : 'failed'}</span></td>` +
        `<th scope="row">${escapeHtml(check.title)}</th><td>${escapeHtml(check.detail)}</td></tr>`,
    )
    .join('\n');
  return layout(
    `Audit report: ${row.url}`,
    `<h1>Audit report</h1>
<p><a href="${escapeHtml(row.url)}" rel="noopener noreferrer nofollow">${escapeHtml(row.url)}</a></p>
<p class="score ${escapeHtml(row.result)}">${escapeHtml(row.score)} / 100 — ${escapeHtml(row.result)}</p>
<p>Project: ${escapeHtml(row.project)}. Generated <time datetime="${escapeHtml(row.generated_at)}">${escapeHtml(row.generated_at)}</time>.</p>
<table>
<thead><tr><th>Result</th><th>Check</th><th>Detail</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`,
  );
}

export function passwordPage(id: number, wrong: boolean): string {
  const error = wrong ? '<p role="alert" class="bad">That password is not right.</p>\n' : '';
  return layout(
    'Password required',
    `<h1>This report is protected by a password</h1>
${error}<form method="post" action="/reports/${escapeHtml(id)}">
<label>Password <input type="password" name="password" required autofocus autocomplete="current-password"></label>
<button type="submit">Show the report</button>
</form>`,
  );
}

export function messagePage(title: string, text: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}
