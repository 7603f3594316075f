// The proxy of the topology: Debian's nginx run as a child of this script (no daemon, its
// own prefix, pid file and temp folders), with the compose proxy's own template rendered for
// the addresses the services really have.

import { chown, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withDeathSignal } from './network.ts';
import { createManagedProcess } from './processes.ts';
import type { UpstreamName } from './services.ts';

export const PROXY_TEMPLATE = 'infra/docker/nginx/acres.conf';
export const NGINX = '/usr/sbin/nginx';

const replaceOnce = (text: string, pattern: RegExp, replacement: string) => {
  if (!pattern.test(text)) throw new Error(`the proxy template no longer has ${pattern}`);
  return text.replace(pattern, replacement);
};

/** The origin browsers PUT uploads to, as the services add it to connect-src. */
export const originOf = (url: string | undefined) => (url ? new URL(url).origin : '');

/**
 * The template as the nginx image's envsubst renders it (S3_ENDPOINT), with the compose
 * names replaced by real addresses: no Docker DNS to re-resolve them from.
 */
export const renderProxyConfig = (
  template: string,
  options: { upstreams: Record<UpstreamName, string[]>; listen: string; root: string; s3Endpoint?: string | undefined },
) => {
  let text = template.replaceAll('${S3_ENDPOINT}', options.s3Endpoint ?? '');
  text = replaceOnce(text, /^resolver\s[^;]*;\n/m, '');
  text = replaceOnce(text, /^resolver_timeout\s[^;]*;\n/m, '');
  for (const [name, servers] of Object.entries(options.upstreams)) {
    const lines = servers.map((server) => `    server ${server};`).join('\n');
    text = replaceOnce(text, new RegExp(`(upstream ${name} \\{[^}]*?)^\\s*server [^;]*;`, 'm'), `$1${lines}`);
  }
  text = replaceOnce(text, /^(\s*)listen 8080;/m, `$1listen ${options.listen};`);
  return replaceOnce(text, /^(\s*)root \/usr\/share\/nginx\/html;/m, `$1root ${options.root};`);
};

/** The http {} around the site, as the nginx image's own nginx.conf sets it. */
const mainConfig = (folder: string) => `daemon off;
pid ${folder}/nginx.pid;
error_log stderr warn;
worker_processes 1;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    client_body_temp_path ${folder}/client-body;
    proxy_temp_path ${folder}/proxy;
    fastcgi_temp_path ${folder}/fastcgi;
    uwsgi_temp_path ${folder}/uwsgi;
    scgi_temp_path ${folder}/scgi;
    include ${folder}/acres.conf;
}
`;

// As root, nginx's workers run as nobody: they write request bodies (the 5 MB proofs) here.
const NOBODY = 65_534;

export const startProxy = async (options: {
  repoRoot: string;
  folder: string;
  listen: { address: string; port: number };
  upstreams: Record<UpstreamName, string[]>;
  webRoot: string;
  s3Endpoint?: string | undefined;
  onOutput?: (name: string, text: string) => void;
}) => {
  const { folder } = options;
  await mkdir(folder, { recursive: true });
  for (const temp of ['client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    await mkdir(path.join(folder, temp), { recursive: true });
    if (process.getuid?.() === 0) await chown(path.join(folder, temp), NOBODY, NOBODY);
  }
  const template = await readFile(path.join(options.repoRoot, PROXY_TEMPLATE), 'utf8');
  const site = renderProxyConfig(template, {
    upstreams: options.upstreams,
    listen: `${options.listen.address}:${options.listen.port}`,
    root: options.webRoot,
    s3Endpoint: options.s3Endpoint,
  });
  await writeFile(path.join(folder, 'acres.conf'), site);
  await writeFile(path.join(folder, 'nginx.conf'), mainConfig(folder));
  const proxy = createManagedProcess({
    name: 'proxy',
    command: withDeathSignal([NGINX, '-p', folder, '-c', path.join(folder, 'nginx.conf'), '-e', 'stderr']),
    env: { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/bin' },
    cwd: folder,
    healthUrl: `http://${options.listen.address}:${options.listen.port}/healthz`,
    readyTimeoutMs: 15_000,
    onOutput: options.onOutput,
  });
  await proxy.start();
  return proxy;
};
