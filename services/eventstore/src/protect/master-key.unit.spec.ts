import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveMasterKey, resolveDataMasterKey } from './master-key.ts';

describe('resolveDataMasterKey', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'acres-master-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('generates one key file (mode 600) that every process starting together gets', async () => {
    const dataDir = await tempDir();
    const keys = await Promise.all(Array.from({ length: 8 }, () => resolveDataMasterKey({ dataDir })));
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1);
    const file = path.join(dataDir, 'data-master-key');
    expect(keys[0]!.equals(deriveMasterKey((await readFile(file, 'utf8')).trim()))).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses a key file it cannot use instead of replacing it', async () => {
    const dataDir = await tempDir();
    await writeFile(path.join(dataDir, 'data-master-key'), 'short\n');
    await expect(resolveDataMasterKey({ dataDir })).rejects.toThrow(/holds no usable master key/);
    expect(await readFile(path.join(dataDir, 'data-master-key'), 'utf8')).toBe('short\n');
  });

  it('takes DATA_MASTER_KEY over any file', async () => {
    const secret = 'a-configured-master-key-0123456789abcdef';
    expect((await resolveDataMasterKey({ dataDir: await tempDir(), secret })).equals(deriveMasterKey(secret))).toBe(true);
  });
});
