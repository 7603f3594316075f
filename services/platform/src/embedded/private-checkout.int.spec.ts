import { cp, lstat, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../embedded.ts';
import { locateBinaries, SHARED_ROOT } from './binaries.ts';
import { canAccessAs, isRoot, resolveServerUser } from './os-user.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

// Only root runs the server as another user; for anyone else a private folder is their own.
describe.runIf(isRoot())('a checkout inside a private directory (as root)', () => {
  it('runs the server as postgres although it cannot enter the checkout, with the binaries and data moved where it can', async () => {
    // A root home or a `mktemp -d` folder: mode 700, owned by root.
    const privateDir = await mkdtemp(path.join(os.tmpdir(), 'acres-private-'));
    cleanups.push(() => rm(privateDir, { recursive: true, force: true }));
    expect((await stat(privateDir)).mode & 0o777).toBe(0o700);
    const installed = await locateBinaries();
    const nativeDir = path.join(privateDir, 'checkout', 'node_modules', 'native');
    await cp(path.dirname(installed.binDir), nativeDir, { recursive: true, verbatimSymlinks: true });
    const binaries = {
      ...installed,
      binDir: path.join(nativeDir, 'bin'),
      initdb: path.join(nativeDir, 'bin', 'initdb'),
      postgres: path.join(nativeDir, 'bin', 'postgres'),
    };
    const user = resolveServerUser();
    expect(canAccessAs(user, binaries.postgres, 'x')).toBe(false);

    const dataDir = path.join(privateDir, 'checkout', '.data');
    const server = await startEmbeddedPostgres({ dataDir, binaries });
    cleanups.push(async () => {
      await server.stop();
      await rm(server.clusterDir, { recursive: true, force: true });
    });

    expect(server.binaries.binDir.startsWith(SHARED_ROOT)).toBe(true);
    expect(server.clusterDir.startsWith(path.join(SHARED_ROOT, 'clusters'))).toBe(true);
    expect((await lstat(path.join(dataDir, 'postgres'))).isSymbolicLink()).toBe(true);
    const client = new pg.Client({ connectionString: server.adminUrl });
    await client.connect();
    expect((await client.query<{ user: string }>('SELECT current_user AS user')).rows[0]?.user).toBe('postgres');
    await client.end();

    // The next start finds the same cluster through the link.
    await server.stop();
    const again = await startEmbeddedPostgres({ dataDir, binaries });
    cleanups.push(() => again.stop());
    expect(again.clusterDir).toBe(server.clusterDir);
  });
});
