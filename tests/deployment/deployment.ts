// The deployment as the checks see it: which compose service runs which of our entry
// points, with which configuration schema, and helpers to read what each container gets.

import { CommandApiConfigSchema } from '@acres/command-api/config';
import { MigrateConfigSchema } from '@acres/platform/cli/migrate-config';
import { NotifierConfigSchema } from '@acres/notifier/config';
import { ProjectionsCliConfigSchema } from '@acres/projector/cli-config';
import { ProjectorConfigSchema } from '@acres/projector/config';
import { QueryApiConfigSchema } from '@acres/query-api/config';
import { StandaloneConfigSchema } from '@acres/standalone/config';
import type { z } from 'zod';
import { environmentOf, interpolate, loadCompose, readEnvExample, type ComposeService } from './compose-files.ts';
import { effective, parseDockerfile } from './docker-files.ts';
import { readRepoFile } from './repo-files.ts';

/** Each service of ours in the compose file: the schema its entry point parses its environment with. */
export const APP_SERVICES: Record<string, { schema: z.ZodType; schemaName: string; entry: string }> = {
  'command-api': {
    schema: CommandApiConfigSchema,
    schemaName: 'CommandApiConfigSchema',
    entry: 'services/command-api/src/server.ts',
  },
  'query-api': { schema: QueryApiConfigSchema, schemaName: 'QueryApiConfigSchema', entry: 'services/query-api/src/server.ts' },
  projector: { schema: ProjectorConfigSchema, schemaName: 'readProjectorConfig', entry: 'services/projector/src/main.ts' },
  notifier: { schema: NotifierConfigSchema, schemaName: 'readNotifierConfig', entry: 'services/notifier/src/main.ts' },
  migrate: { schema: MigrateConfigSchema, schemaName: 'MigrateConfigSchema', entry: 'services/platform/src/cli/migrate.ts' },
};
/** Third-party images, configured by their own variables. */
export const INFRA_SERVICES = ['eventstore', 'postgres', 'proxy'];
/** Every schema of a process we ship: the standalone server and the projections CLI too (not in the compose file). */
export const ALL_SCHEMAS = [
  ...Object.values(APP_SERVICES).map((service) => service.schema),
  StandaloneConfigSchema,
  ProjectionsCliConfigSchema,
];

export const composeText = readRepoFile('docker-compose.yml');
export const compose = loadCompose(composeText);
export const envExample = readEnvExample();
export const appServices = Object.entries(compose.services).filter(([name]) => name in APP_SERVICES);

export const buildOf = (service: ComposeService) =>
  typeof service.build === 'string' ? { context: service.build, dockerfile: 'Dockerfile' } : { context: '.', ...service.build };

/** What the service's container runs: compose's command, else its Dockerfile target's CMD. */
export const commandOf = (service: ComposeService) => {
  if (service.command) return Array.isArray(service.command) ? service.command.join(' ') : service.command;
  const build = buildOf(service);
  const stages = parseDockerfile(readRepoFile(build.dockerfile ?? 'Dockerfile'));
  return effective(stages, build.target ?? stages.at(-1)!.name ?? '', 'CMD') ?? '';
};

/** The file a command runs, following `npm run <script>` into package.json. */
export const entryOf = (command: string) => {
  const words = command
    .replace(/[[\]",]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const script = words[0] === 'npm' && words[1] === 'run' ? words[2] : undefined;
  const resolved = script
    ? ((JSON.parse(readRepoFile('package.json')) as { scripts: Record<string, string> }).scripts[script] ?? '')
    : words.join(' ');
  return resolved.split(/\s+/).find((word) => /\.(ts|mjs|js)$/.test(word));
};

/** The service's environment as the container sees it, with .env made from .env.example. */
export const resolvedEnvironment = (service: ComposeService) =>
  Object.fromEntries(Object.entries(environmentOf(service)).map(([key, value]) => [key, interpolate(value, envExample.set)]));
