// The local outbox (DATA_DIR/outbox/*.json): what the embedded default "sent". The one place a
// live link token belongs, so specs read their tokens here, as the person would from their inbox.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Any link token, in text, HTML (&amp;) or a URL-encoded value. */
export const ANY_TOKEN = /token=([^&#"'\s<>\\]+)/g;

/** The tokens of every link to linkPath (e.g. 'reset-password') in messages to address, oldest file first. */
export const readOutboxLinkTokens = async (options: { dataDir: string; address: string; linkPath: string }) => {
  const dir = path.join(options.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort();
  const texts = await Promise.all(files.map((file) => readFile(path.join(dir, file), 'utf8')));
  const marker = `${options.linkPath}?token=`;
  return texts
    .filter((text) => text.includes(options.address) && text.includes(marker))
    .flatMap((text) => [...text.matchAll(ANY_TOKEN)].map((match) => decodeURIComponent(match[1]!)));
};
