/** Has the browser follow an address as a download, as if the user clicked a download link. */
export function clickDownloadLink(href: string, fileName = ''): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Hands a file the page fetched (with the session header, so a plain link cannot) to the
 * browser as a download. The object URL is revoked once the browser has had time to read it.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  clickDownloadLink(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The click handler of a download link whose address expires: it asks `fresh` for a new
 * address and follows that, so a link clicked long after it was shown still works. Without
 * a new address (the job is gone) the click does nothing rather than open an error page.
 */
export function followFreshLink(fresh: () => Promise<string | null>) {
  return (event: { preventDefault(): void }) => {
    event.preventDefault();
    void fresh()
      .then((url) => url && clickDownloadLink(url))
      .catch(() => undefined);
  };
}
