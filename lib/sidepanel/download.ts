/** Saves text as a file through a Blob and a temporary anchor: no `downloads` permission needed. */
export function downloadText(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoke after the click has been handled; revoking at once cancels the download in Firefox.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
