import { runService } from '@acres/platform/service';
import { readStandaloneConfig } from './config.ts';
import { startStandalone } from './start.ts';

// The embedded database is stopped last, after requests and the projector have drained.
// A second Ctrl-C waits for the stop (the terminal's and the one tsx relays both arrive);
// the stop is still bounded.
runService({
  name: 'acres',
  readConfig: readStandaloneConfig,
  start: async ({ config, logger }) => {
    const running = await startStandalone({ config, logger });
    const banner = [
      '',
      `  Acres is running at ${running.url}`,
      `  Admin area: ${running.url}/admin`,
      running.adminSource === 'environment'
        ? '  Admin credentials: from ADMIN_USERNAME / ADMIN_PASSWORD'
        : `  Admin username: ${running.adminCredentials.username}   password: ${running.adminCredentials.password}` +
          (running.adminSource === 'generated'
            ? '   (generated now, kept in DATA_DIR/admin-credentials.json)'
            : '   (from DATA_DIR/admin-credentials.json)'),
      '',
    ].join('\n');
    process.stdout.write(`${banner}\n`);
    return running.stop;
  },
});
