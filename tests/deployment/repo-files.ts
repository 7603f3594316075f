// Reading the repository's deployment files in tests (no Docker engine runs here).

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const readRepoFile = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
export const repoPathExists = (file: string) => existsSync(path.join(ROOT, file));
