// docker-compose.yml and `npm run topology` start the same services: both are held to the one
// description in tools/topology/services.ts, so neither can drift from the other.

import { describe, expect, it } from 'vitest';
import { renderProxyConfig } from '../../tools/topology/proxy.ts';
import { SERVICES } from '../../tools/topology/services.ts';
import { environmentOf } from './compose-files.ts';
import { APP_SERVICES, commandOf, compose, entryOf, resolvedEnvironment } from './deployment.ts';
import { parseProxyConfig } from './proxy-config.ts';
import { readRepoFile } from './repo-files.ts';

const described = SERVICES.map((service) => [service.name, service] as const);

describe('the compose file against the service description', () => {
  it('defines exactly the described services of ours', () => {
    expect(SERVICES.map((service) => service.name).sort()).toEqual(Object.keys(APP_SERVICES).sort());
  });

  it.each(described)('runs %s from the described entry point and with its replicas', (name, service) => {
    expect(entryOf(commandOf(compose.services[name]!))).toBe(service.entry);
    expect(APP_SERVICES[name]!.entry).toBe(service.entry);
    expect(compose.services[name]!.deploy?.replicas ?? 1).toBe(service.replicas);
  });

  it.each(described)('gives %s exactly the described variables', (name, service) => {
    expect(Object.keys(environmentOf(compose.services[name]!)).sort()).toEqual([...service.environment].sort());
  });

  it.each(described)('has %s listen where the description and its health check say', (name, service) => {
    if (!service.listen) {
      expect(compose.services[name]!.restart, `${name} runs once`).toBe('no');
      return;
    }
    expect(resolvedEnvironment(compose.services[name]!)[service.listen.variable] ?? '').toBe(String(service.listen.port));
    const dockerfile = readRepoFile('infra/docker/service.Dockerfile');
    expect(dockerfile).toContain(`"${service.listen.variable}", "${service.listen.port}"`);
    expect(service.health).toBe('/healthz');
  });

  it('puts each service the description routes in its proxy upstream, and no other', () => {
    const { upstreams } = parseProxyConfig();
    const expected = Object.fromEntries(
      SERVICES.filter((service) => service.upstream).map((service) => [
        service.upstream,
        [`${service.name}:${service.listen!.port}`],
      ]),
    );
    expect(upstreams).toEqual(expected);
  });
});

describe('the proxy config the topology renders', () => {
  const template = readRepoFile('infra/docker/nginx/acres.conf');
  const upstreams = { command_api: ['10.1.2.2:3001'], query_api: ['10.1.3.2:3002', '10.1.4.2:3002'] };
  const rendered = renderProxyConfig(template, {
    upstreams,
    listen: '127.0.0.1:18080',
    root: '/srv/web/dist',
    s3Endpoint: 'https://s3.example.com',
  });

  it('routes to the real addresses, every replica, without Docker DNS', () => {
    expect(parseProxyConfig(rendered).upstreams).toEqual(upstreams);
    expect(rendered).not.toMatch(/\bresolve(r)?\b[^\n]*;/);
    expect(rendered).toContain('listen 127.0.0.1:18080;');
    expect(rendered).toContain('root /srv/web/dist;');
  });

  it('keeps the routing and headers of the template and fills in S3_ENDPOINT as envsubst does', () => {
    expect(parseProxyConfig(rendered).rules).toEqual(parseProxyConfig(template).rules);
    expect(rendered).toContain('map "https://s3.example.com" $acres_connect_src');
    expect(rendered).not.toContain('${');
  });
});
