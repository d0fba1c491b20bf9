/**
 * A URL short enough for a narrow panel row: no scheme, no leading `www.`, no trailing `/`, and
 * the middle of a long path replaced by `…` so both the host and the end of the path stay
 * readable. The full URL is always shown on hover and focus by the caller.
 */
export function shortenUrl(url: string, max = 48): string {
  let text = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^www\./i, '');
  if (text.endsWith('/')) text = text.slice(0, -1);
  if (text.length <= max) return text;
  const slash = text.indexOf('/');
  const host = slash === -1 ? text : text.slice(0, slash);
  if (host.length >= max - 8) return `${text.slice(0, max - 1)}…`;
  const tail = max - host.length - 2; // the `/` after the host and the `…`
  return `${host}/…${text.slice(text.length - tail)}`;
}
