import type { FastifyInstance } from 'fastify';
import type { Pool } from '@acres/platform/db';
import { purgeExpiredSessions } from '@acres/platform/sessions';
import { purgeExpiredStaffSessions } from '@acres/platform/staff-sessions';
import { purgeExpiredThrottles } from '@acres/platform/throttle/table';

export const DEFAULT_PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes expired sessions (investors' and staff's), abandoned OpenID logins and spent throttle counters every
 * intervalMs while app runs. Expired rows are already ignored on read; this only keeps
 * the tables small.
 */
export const schedulePurge = (app: FastifyInstance, options: { pool: Pool; intervalMs: number }) => {
  const purge = async () => {
    try {
      const sessions = (await purgeExpiredSessions(options.pool)) + (await purgeExpiredStaffSessions(options.pool));
      const logins = await options.pool.query('DELETE FROM oidc_pending_logins WHERE expires_at <= now()');
      const throttles = await purgeExpiredThrottles(options.pool);
      if (sessions > 0 || (logins.rowCount ?? 0) > 0 || throttles > 0) {
        app.log.info({ sessions, oidcLogins: logins.rowCount, throttles }, 'purged expired sessions and counters');
      }
    } catch (error) {
      app.log.warn({ err: error }, 'purging expired sessions failed; will retry');
    }
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void purge(), options.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
  });
};
