// The distributed deployment cannot run here (no Docker engine), so this reads it: the
// compose file and .env.example must agree with the code's own configuration schemas.
// A misspelt variable fails here, not in production at three in the morning.

import { describe, expect, it } from 'vitest';
import { environmentOf, referencedVariables, requiredKeys, shapeOf } from './compose-files.ts';
import { parseDockerfile } from './docker-files.ts';
import {
  ALL_SCHEMAS,
  APP_SERVICES,
  appServices,
  buildOf,
  commandOf,
  compose,
  composeText,
  entryOf,
  envExample,
  INFRA_SERVICES,
  resolvedEnvironment,
} from './deployment.ts';
import { readRepoFile, repoPathExists } from './repo-files.ts';

describe('docker-compose.yml', () => {
  it('parses, and names the deployment: event store, database, migrations, the three services and the proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual([...Object.keys(APP_SERVICES), ...INFRA_SERVICES].sort());
    expect(compose.services.projector?.deploy?.replicas).toBe(2);
    expect(compose.services['query-api']?.deploy?.replicas).toBe(2);
  });

  it('builds every service of ours from a Dockerfile and target that exist, running its own entry point', () => {
    for (const [name, service] of appServices) {
      const build = buildOf(service);
      expect(repoPathExists(build.dockerfile ?? 'Dockerfile'), `${name}: ${build.dockerfile}`).toBe(true);
      const stages = parseDockerfile(readRepoFile(build.dockerfile ?? 'Dockerfile'));
      expect(
        stages.map((stage) => stage.name),
        `${name}: target ${build.target}`,
      ).toContain(build.target);
      const entry = entryOf(commandOf(service));
      expect(entry, `${name} runs ${commandOf(service)}`).toBe(APP_SERVICES[name]!.entry);
      expect(repoPathExists(entry!), entry).toBe(true);
      // The entry point really parses its environment with the schema checked below.
      expect(readRepoFile(entry!), `${entry} uses ${APP_SERVICES[name]!.schemaName}`).toContain(APP_SERVICES[name]!.schemaName);
    }
  });

  it('builds the proxy from a Dockerfile that exists, and runs the third-party services from images', () => {
    expect(repoPathExists(buildOf(compose.services.proxy!).dockerfile ?? '')).toBe(true);
    expect(compose.services.eventstore?.image).toMatch(/^(eventstore\/eventstore|docker\.kurrent\.io\/.*kurrentdb):/);
    expect(compose.services.postgres?.image).toMatch(/^postgres:18/);
  });

  it.each(Object.keys(APP_SERVICES))('passes %s only variables its configuration schema reads', (name) => {
    const keys = new Set(Object.keys(shapeOf(APP_SERVICES[name]!.schema)));
    const unknown = Object.keys(environmentOf(compose.services[name]!)).filter((key) => !keys.has(key));
    expect(unknown, `${name} is given variables its schema does not read (misspelt?)`).toEqual([]);
  });

  it.each(Object.keys(APP_SERVICES))('gives %s every variable its schema requires, with values the schema accepts', (name) => {
    const { schema } = APP_SERVICES[name]!;
    const environment = resolvedEnvironment(compose.services[name]!);
    const missing = requiredKeys(schema).filter((key) => !(key in environment));
    expect(missing, `${name} lacks required variables`).toEqual([]);
    const parsed = schema.safeParse(environment);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([]);
  });

  it('points every connection string at a service of the file, on the port it listens on', () => {
    for (const [name, service] of appServices) {
      const environment = resolvedEnvironment(service);
      if (environment.DATABASE_URL) {
        const url = new URL(environment.DATABASE_URL);
        expect([url.hostname, url.port], `${name} DATABASE_URL`).toEqual(['postgres', '5432']);
      }
      if (environment.ESDB_CONNECTION_STRING) {
        const url = new URL(environment.ESDB_CONNECTION_STRING.replace(/^esdb/, 'http'));
        expect([url.hostname, url.port], `${name} ESDB_CONNECTION_STRING`).toEqual(['eventstore', '2113']);
      }
    }
  });

  it('waits only on services it defines, and on migrations before any service of ours starts', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const dependencies = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
      for (const dependency of dependencies)
        expect(compose.services, `${name} depends on ${dependency}`).toHaveProperty(dependency);
      if (name in APP_SERVICES && name !== 'migrate') {
        expect(service.depends_on, name).toMatchObject({ migrate: { condition: 'service_completed_successfully' } });
      }
    }
    expect(compose.services.eventstore?.healthcheck?.test).toBeDefined();
    expect(compose.services.postgres?.healthcheck?.test).toBeDefined();
  });

  it('publishes a port for the proxy alone', () => {
    const publishing = Object.entries(compose.services)
      .filter(([, service]) => (service.ports ?? []).length > 0)
      .map(([name]) => name);
    expect(publishing).toEqual(['proxy']);
  });
});

describe('.env.example', () => {
  const schemaKeys = new Set(ALL_SCHEMAS.flatMap((schema) => Object.keys(shapeOf(schema))));
  const composeVariables = referencedVariables(composeText);

  it('documents every variable a configuration schema reads', () => {
    expect([...schemaKeys].filter((key) => !envExample.documented.has(key)).sort()).toEqual([]);
  });

  it('holds no variable that neither a schema reads nor the compose file uses (misspelt?)', () => {
    const unread = [...envExample.documented].filter((key) => !schemaKeys.has(key) && !composeVariables.has(key));
    expect(unread).toEqual([]);
  });

  it('documents every variable the compose file interpolates', () => {
    expect([...composeVariables].filter((key) => !envExample.documented.has(key)).sort()).toEqual([]);
  });

  it('is a working .env as it stands: every variable compose requires is set', () => {
    expect(() => Object.values(compose.services).forEach((service) => resolvedEnvironment(service))).not.toThrow();
  });
});
