// Each workspace declares the @acres packages it imports, and each package exports only
// its public entry points: an import of a path a package does not export fails here,
// rather than resolving by accident through hoisting or a `./*` wildcard.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

type Manifest = {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  exports?: Record<string, string> | string;
};
type Workspace = { dir: string; manifest: Manifest };

const readManifest = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;

const listWorkspaces = (): Workspace[] => {
  const globs = (readManifest(ROOT) as Manifest & { workspaces: string[] }).workspaces;
  return globs.flatMap((glob) => {
    const dirs = glob.endsWith('/*')
      ? readdirSync(path.join(ROOT, glob.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => path.join(ROOT, glob.slice(0, -2), entry.name))
      : [path.join(ROOT, glob)];
    return dirs
      .filter((dir) => statSync(path.join(dir, 'package.json'), { throwIfNoEntry: false }))
      .map((dir) => ({ dir, manifest: readManifest(dir) }));
  });
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [full] : [];
  });

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](@acres\/[a-z-]+)(\/[^'"]+)?['"]/g;

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => ({
    name: match[1]!,
    subpath: match[2] ? `.${match[2]}` : '.',
  }));

const workspaces = listWorkspaces();
const byName = new Map(workspaces.map((workspace) => [workspace.manifest.name, workspace]));

/** A cycle of workspaces through their dependencies and devDependencies, as names, or null. */
const findManifestCycle = (): string[] | null => {
  const edges = (name: string) => {
    const { manifest } = byName.get(name)!;
    return [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})].filter((dep) =>
      byName.has(dep),
    );
  };
  const done = new Set<string>();
  const visit = (name: string, path: string[]): string[] | null => {
    const seen = path.indexOf(name);
    if (seen >= 0) return [...path.slice(seen), name];
    if (done.has(name)) return null;
    for (const dep of edges(name)) {
      const cycle = visit(dep, [...path, name]);
      if (cycle) return cycle;
    }
    done.add(name);
    return null;
  };
  for (const name of byName.keys()) {
    const cycle = visit(name, []);
    if (cycle) return cycle;
  }
  return null;
};

describe('workspaces', () => {
  it('are all found', () => {
    expect([...byName.keys()]).toEqual(
      expect.arrayContaining(['@acres/contracts', '@acres/domain', '@acres/platform', '@acres/web', '@acres/standalone']),
    );
  });

  it.each(workspaces.map((workspace) => [workspace.manifest.name, workspace] as const))(
    '%s declares every @acres package it imports',
    (_name, workspace) => {
      const declared = new Set([
        ...Object.keys(workspace.manifest.dependencies ?? {}),
        ...Object.keys(workspace.manifest.devDependencies ?? {}),
      ]);
      const missing = new Set<string>();
      for (const file of sourceFiles(workspace.dir))
        for (const { name } of importsOf(file))
          if (name !== workspace.manifest.name && !declared.has(name)) missing.add(`${name} (${path.relative(ROOT, file)})`);
      expect([...missing]).toEqual([]);
    },
  );

  // A devDependency counts: npm installs it and a spec's import ties the two packages just the same.
  it('depend on each other without a cycle, devDependencies included', () => {
    expect(findManifestCycle()).toBeNull();
  });

  it.each(workspaces.map((workspace) => [workspace.manifest.name, workspace] as const))(
    '%s exports named entry points only, no wildcard',
    (_name, workspace) => {
      const exports =
        typeof workspace.manifest.exports === 'string' ? { '.': workspace.manifest.exports } : (workspace.manifest.exports ?? {});
      expect(Object.keys(exports).filter((key) => key.includes('*'))).toEqual([]);
    },
  );

  it('import only what the imported package exports', () => {
    const unexported = new Set<string>();
    for (const workspace of workspaces)
      for (const file of sourceFiles(workspace.dir))
        for (const { name, subpath } of importsOf(file)) {
          const target = byName.get(name);
          if (!target) {
            unexported.add(`${name} is no workspace (${path.relative(ROOT, file)})`);
            continue;
          }
          const exports =
            typeof target.manifest.exports === 'string' ? { '.': target.manifest.exports } : (target.manifest.exports ?? {});
          if (!(subpath in exports)) unexported.add(`${name}${subpath.slice(1)} (${path.relative(ROOT, file)})`);
        }
    expect([...unexported]).toEqual([]);
  });
});
