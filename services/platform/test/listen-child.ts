// A server started the way the services start theirs (listenHttp), in a process of its own so a
// spec can stop it with SIGSTOP: the kernel then completes connections that nobody accepts.
// Prints its port on stdout once listening.

import { createHttpApp, listenHttp } from '../src/http.ts';
import { createLogger } from '../src/logger.ts';

const app = createHttpApp({ logger: createLogger({ level: 'silent', pretty: false }) });
app.get('/ping', async () => ({ ok: true }));
await listenHttp(app, { port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
