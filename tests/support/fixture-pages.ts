/** HTML of the fixture site's pages, by expected audit outcome (see fixture-site.ts). */

/** Every check passes: score 100, result good. */
export function goodPage(origin: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>A well-made fixture page</title>
<meta name="description" content="A fixture page that passes every check of the audit: title, description, headings.">
<link rel="canonical" href="${origin}/good">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage","name":"Good"}</script>
</head>
<body>
<h1>A well-made page</h1>
<h2>Section</h2>
<p><img src="/a.png" alt="A picture"> Some text.</p>
<h3>Detail</h3>
</body>
</html>
`;
}

/**
 * Fails description (8), canonical (5), image alt (7), heading order (4) and structured data (4):
 * score 72, result decent.
 */
export function decentPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>A page that is fine, mostly</title>
<meta name="description" content="Too short.">
</head>
<body>
<h1>Decent</h1>
<h3>Skipped a level</h3>
<img src="/a.png"><img src="/b.png" alt="">
</body>
</html>
`;
}

/**
 * Passes only https (loopback), status, response time, page weight and charset (header): score 30, result bad.
 */
export function badPage(): string {
  return `<html><head><meta name="robots" content="noindex"></head>
<body><h3>no title</h3><h1>one</h1><h1>two</h1><img src="/x.png">
<script type="application/ld+json">{not json</script></body></html>
`;
}

export const EXPECTED = {
  good: { score: 100, result: 'good' },
  decent: { score: 72, result: 'decent' },
  bad: { score: 30, result: 'bad' },
} as const;
