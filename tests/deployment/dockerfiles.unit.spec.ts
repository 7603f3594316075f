// The images of the deployment, read rather than built (no Docker engine runs here).

import { describe, expect, it } from 'vitest';
import { contextSources, effective, isDockerIgnored, parseDockerfile } from './docker-files.ts';
import { appServices, buildOf, compose } from './deployment.ts';
import { readRepoFile, repoPathExists } from './repo-files.ts';

describe('the Dockerfiles', () => {
  const dockerfiles = [
    ...new Set(
      Object.values(compose.services)
        .filter((service) => service.build)
        .map((service) => buildOf(service).dockerfile!),
    ),
  ];
  // The workspace folders npm ci installs, as the lockfile lists them.
  const workspaces = Object.keys(
    (JSON.parse(readRepoFile('package-lock.json')) as { packages: Record<string, unknown> }).packages,
  ).filter((key) => key !== '' && !key.includes('node_modules'));

  it.each(dockerfiles)('%s copies only files that exist and that its .dockerignore lets through', (dockerfile) => {
    const ignore = repoPathExists(`${dockerfile}.dockerignore`) ? readRepoFile(`${dockerfile}.dockerignore`) : '';
    for (const source of contextSources(parseDockerfile(readRepoFile(dockerfile)))) {
      expect(repoPathExists(source), `${dockerfile}: COPY ${source}`).toBe(true);
      expect(isDockerIgnored(source, ignore), `${dockerfile}: COPY ${source} is excluded by its .dockerignore`).toBe(false);
    }
  });

  it.each(dockerfiles)('%s copies the manifest of every workspace before npm ci', (dockerfile) => {
    const sources = new Set(contextSources(parseDockerfile(readRepoFile(dockerfile))));
    for (const workspace of workspaces)
      expect(sources, `${dockerfile} lacks ${workspace}/package.json`).toContain(`${workspace}/package.json`);
  });

  it('run our services as an unprivileged user, each with a health check on /healthz', () => {
    for (const [name, service] of appServices) {
      const build = buildOf(service);
      const stages = parseDockerfile(readRepoFile(build.dockerfile!));
      expect(effective(stages, build.target!, 'USER'), name).toBe('node');
      if (name === 'migrate') continue;
      expect(effective(stages, build.target!, 'HEALTHCHECK'), name).toContain('infra/docker/healthcheck.mjs');
    }
    expect(readRepoFile('infra/docker/healthcheck.mjs')).toContain('/healthz');
  });

  it('run the proxy on an unprivileged nginx image with a health check', () => {
    const stages = parseDockerfile(readRepoFile(buildOf(compose.services.proxy!).dockerfile!));
    expect(stages.at(-1)?.base).toMatch(/^nginxinc\/nginx-unprivileged:/);
    expect(effective(stages, stages.at(-1)!.name!, 'HEALTHCHECK')).toContain('/healthz');
  });
});
