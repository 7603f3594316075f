// The secrets every service of the topology shares, generated on the first start and kept
// in the data folder (as `npm start` keeps its own), so a restart finds the same data.
// Set in the environment, the operator's own values win.

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type TopologySecrets = {
  ADMIN_USERNAME: string;
  ADMIN_PASSWORD: string;
  DATA_MASTER_KEY: string;
  UPLOAD_SIGNING_SECRET: string;
  LINK_SIGNING_SECRET: string;
};

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

const generate = (): TopologySecrets => ({
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: token(15),
  DATA_MASTER_KEY: token(32),
  UPLOAD_SIGNING_SECRET: token(32),
  LINK_SIGNING_SECRET: token(32),
});

export const resolveTopologySecrets = async (dataDir: string, env: Record<string, string | undefined>) => {
  const file = path.join(dataDir, 'topology-secrets.json');
  const generated = !existsSync(file);
  const stored = generated ? generate() : (JSON.parse(await readFile(file, 'utf8')) as TopologySecrets);
  if (generated) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  const secrets = Object.fromEntries(Object.entries(stored).map(([key, value]) => [key, env[key] || value])) as TopologySecrets;
  return { secrets, file, generated };
};
