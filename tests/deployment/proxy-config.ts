// The reverse proxy's routing, read from its nginx config, and the routes a fastify app registers.

import { readRepoFile } from './repo-files.ts';

// --- nginx -----------------------------------------------------------------------------

export type ProxyRouting = {
  /** Upstream name -> its servers (host:port). */
  upstreams: Record<string, string[]>;
  /** The map from "$request_method $uri" to an upstream: regexes in order, then the default. */
  rules: { pattern: RegExp; upstream: string }[];
  fallback: string;
  /** The variable the /api/ location proxies to. */
  apiProxyPass: string | undefined;
};

const block = (text: string, header: RegExp) => {
  const match = header.exec(text);
  if (!match) return undefined;
  const start = match.index + match[0].length;
  const end = text.indexOf('}', start);
  return text.slice(start, end);
};

export const parseProxyConfig = (text = readRepoFile('infra/docker/nginx/acres.conf')): ProxyRouting => {
  const withoutComments = text.replace(/#[^\n]*/g, '');
  const upstreams: Record<string, string[]> = {};
  for (const match of withoutComments.matchAll(/upstream\s+(\w+)\s*\{([^}]*)\}/g)) {
    upstreams[match[1]!] = [...match[2]!.matchAll(/^\s*server\s+(\S+?)(?:\s[^;]*)?;/gm)].map((server) => server[1]!);
  }
  const map = block(withoutComments, /map\s+"\$request_method \$uri"\s+\$api_upstream\s*\{/);
  if (!map) throw new Error('no map "$request_method $uri" $api_upstream in the proxy config');
  let fallback = '';
  const rules: ProxyRouting['rules'] = [];
  for (const entry of map.matchAll(/^\s*(default|"[^"]*"|\S+)\s+(\S+)\s*;/gm)) {
    const [, source = '', upstream = ''] = entry;
    if (source === 'default') fallback = upstream;
    else {
      const unquoted = source.replace(/^"|"$/g, '');
      if (!unquoted.startsWith('~')) throw new Error(`exact map entries are not expected: ${source}`);
      rules.push({ pattern: new RegExp(unquoted.slice(1)), upstream });
    }
  }
  const location = block(withoutComments, /location\s+(?:\^~\s+)?\/api\/\s*\{/);
  const apiProxyPass = /proxy_pass\s+http:\/\/\$(\w+)\s*;/.exec(location ?? '')?.[1];
  return { upstreams, rules, fallback, apiProxyPass };
};

/** The upstream nginx picks for a request: the first regex matching "METHOD /path", else the default. */
export const upstreamFor = (routing: ProxyRouting, method: string, url: string) =>
  routing.rules.find((rule) => rule.pattern.test(`${method} ${url}`))?.upstream ?? routing.fallback;

// --- routes of a fastify app -----------------------------------------------------------

/** A concrete path for a pattern: parameters and wildcards filled in. */
export const samplePath = (pattern: string) =>
  pattern.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, '0f8e8a52-2c3b-4c5e-9d1a-3b2c1d0e9f8a').replace(/\*/g, 'a/b');

// --- security headers ------------------------------------------------------------------

export type LocationHeaders = { location: string; headers: Record<string, string>; withoutAlways: string[] };

/** The add_header lines of every location block (names in lower case, values unquoted). */
export const parseLocationHeaders = (text = readRepoFile('infra/docker/nginx/acres.conf')): LocationHeaders[] => {
  const withoutComments = text.replace(/#[^\n]*/g, '');
  return [...withoutComments.matchAll(/location\s+([^{]+?)\s*\{([^}]*)\}/g)].map((match) => {
    const lines = [...match[2]!.matchAll(/add_header\s+(\S+)\s+("[^"]*"|\S+?)(\s+always)?\s*;/g)];
    return {
      location: match[1]!,
      headers: Object.fromEntries(lines.map((line) => [line[1]!.toLowerCase(), line[2]!.replace(/^"|"$/g, '')])),
      withoutAlways: lines.filter((line) => !line[3]).map((line) => line[1]!.toLowerCase()),
    };
  });
};

/** The entries of a `map $source $name { … }` block: source value -> result ('default' included). */
export const parseMap = (name: string, text = readRepoFile('infra/docker/nginx/acres.conf')) => {
  const withoutComments = text.replace(/#[^\n]*/g, '');
  const body = block(withoutComments, new RegExp(`map\\s+\\S+\\s+\\$${name}\\s*\\{`));
  if (!body) throw new Error(`no map $${name} in the proxy config`);
  return Object.fromEntries(
    [...body.matchAll(/^\s*(\S+)\s+("[^"]*"|\S+)\s*;/gm)].map((entry) => [entry[1]!, entry[2]!.replace(/^"|"$/g, '')]),
  );
};

/** The parameters of the `try_files` of `location` (e.g. `/`). */
export const parseTryFiles = (location: string, text = readRepoFile('infra/docker/nginx/acres.conf')) => {
  const withoutComments = text.replace(/#[^\n]*/g, '');
  const body = [...withoutComments.matchAll(/location\s+([^{]+?)\s*\{([^}]*)\}/g)].find((match) => match[1] === location)?.[2];
  const directive = /try_files\s+([^;]+);/.exec(body ?? '')?.[1];
  if (!directive) throw new Error(`no try_files in location ${location}`);
  return directive.trim().split(/\s+/);
};

/**
 * The file nginx sends for `uri` by `try_files`: the first parameter naming an existing file,
 * else the last one (a URI it redirects to internally). Files are paths under the root, from '/'.
 */
export const fileServedFor = (tryFiles: string[], uri: string, files: ReadonlySet<string>) => {
  const candidates = tryFiles.map((parameter) => parameter.replaceAll('$uri', uri).replace(/\/{2,}/g, '/'));
  return candidates.slice(0, -1).find((candidate) => files.has(candidate)) ?? candidates.at(-1);
};
