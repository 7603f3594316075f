// A server-chosen name must not smuggle a path or control characters into the save dialog.
const sanitize = (name: string): string | null => {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[/\\]/g, '_')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? null : cleaned;
};

/** The plain `filename="…"` of a Content-Disposition header (the only form the export sends). */
export function fileNameOf(header: string | null): string | null {
  const match = /filename="([^"]+)"/i.exec(header ?? '');
  return match?.[1] ? sanitize(match[1]) : null;
}

/** Hands a fetched file to the browser as a download under `filename`. */
export function saveDownloadedFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Hands a fetched answer to the browser as a download under the server's file name. */
export async function saveDownload(res: Response, fallbackName: string): Promise<string> {
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
  saveDownloadedFile(blob, name);
  return name;
}
