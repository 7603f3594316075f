// docker-compose.yml and .env.example read the way Docker Compose reads them, and the
// services' zod configuration schemas read for their keys.

import { parse } from 'yaml';
import type { z } from 'zod';
import { readRepoFile } from './repo-files.ts';

// --- docker-compose.yml ----------------------------------------------------------------

export type ComposeService = {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string } | string;
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: (string | number | { published?: string | number })[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  deploy?: { replicas?: number };
  healthcheck?: { test?: string | string[] };
  restart?: string;
};
export type ComposeFile = { services: Record<string, ComposeService>; volumes?: Record<string, unknown> };

/** YAML merge keys (`<<: *anchor`) on, as Compose reads them. */
export const loadCompose = (text = readRepoFile('docker-compose.yml')): ComposeFile =>
  parse(text, { merge: true }) as ComposeFile;

/** A service's environment as written (values not yet interpolated), whichever form it uses. */
export const environmentOf = (service: ComposeService): Record<string, string> => {
  const environment = service.environment ?? {};
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, value === null ? '' : String(value)]));
};

export class InterpolationError extends Error {}

// $$ | ${NAME[:-|-|:?|?|:+|+]word} | $NAME
const REFERENCE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** Compose's variable substitution of one value, from `vars` (the .env file). */
export const interpolate = (value: string, vars: Record<string, string>): string =>
  value.replace(
    REFERENCE,
    (match, braced: string | undefined, operator: string | undefined, word: string | undefined, bare: string | undefined) => {
      if (match === '$$') return '$';
      const name = (braced ?? bare)!;
      const set = Object.hasOwn(vars, name);
      const current = vars[name] ?? '';
      const usable = operator?.startsWith(':') ? set && current !== '' : set;
      switch (operator?.replace(':', '')) {
        case undefined:
          return current;
        case '-':
          return usable ? current : (word ?? '');
        case '+':
          return usable ? (word ?? '') : '';
        case '?':
          if (!usable) throw new InterpolationError(`${name}: ${word || 'required'}`);
          return current;
        default:
          throw new InterpolationError(`unknown substitution ${match}`);
      }
    },
  );

/** Every variable a text interpolates (not $$-escaped ones). */
export const referencedVariables = (text: string) =>
  new Set([...text.matchAll(REFERENCE)].filter((match) => match[0] !== '$$').map((match) => (match[1] ?? match[4])!));

// --- .env.example ----------------------------------------------------------------------

/**
 * `NAME=value` lines are set (compose reads them from .env); `# NAME=value` lines document
 * an optional variable with its default and leave it unset.
 */
export const readEnvExample = (text = readRepoFile('.env.example')) => {
  const set: Record<string, string> = {};
  const documented = new Set<string>();
  for (const line of text.split('\n')) {
    const active = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    const commented = /^#\s?([A-Z][A-Z0-9_]*)=/.exec(line);
    if (active) {
      set[active[1]!] = active[2]!;
      documented.add(active[1]!);
    } else if (commented) documented.add(commented[1]!);
  }
  return { set, documented };
};

// --- zod configuration schemas ---------------------------------------------------------

type ObjectLike = { shape: Record<string, z.ZodType> };

export const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> => {
  if (!('shape' in schema)) throw new Error('configuration schema is not a zod object');
  return (schema as unknown as ObjectLike).shape;
};

/** Keys without a default: parsing them as absent fails. */
export const requiredKeys = (schema: z.ZodType) =>
  Object.entries(shapeOf(schema))
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([key]) => key);
