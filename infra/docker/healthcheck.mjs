// Docker HEALTHCHECK of the Node services: GET /healthz on this container's own port.
// Usage: node healthcheck.mjs <env var holding the port> <default port>
// Liveness only (/healthz does no I/O): a dependency outage shows on /readyz and must not
// get healthy processes restarted in a loop.
const [variable = 'PORT', fallback = '3000'] = process.argv.slice(2);
const port = process.env[variable] || fallback;
try {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
