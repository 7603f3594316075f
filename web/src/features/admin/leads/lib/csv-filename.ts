import { lagosDayIso } from '@acres/contracts/lagos-time';

/** `leads-YYYY-MM-DD.csv` for the given day in Lagos, as every date on the site. */
export function fallbackLeadsFilename(now: Date = new Date()): string {
  return `leads-${lagosDayIso(now)}.csv`;
}

// A server-chosen name must not smuggle a path or control characters into the save dialog.
function sanitize(name: string): string | null {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[/\\]/g, '_')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? null : cleaned;
}

/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*` form wins
 * over the plain `filename`; null when the header names no usable file.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      const name = sanitize(decodeURIComponent(extended[2].trim().replace(/^"(.*)"$/, '$1')));
      if (name) return name;
    } catch {
      // Malformed percent-encoding: fall back to the plain form.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(header);
  const raw = plain?.[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain?.[2];
  return raw === undefined ? null : sanitize(raw);
}
