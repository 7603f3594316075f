import type { FastifyInstance } from 'fastify';
import { counterIn, methodLabel, type Registry } from '@acres/platform/observability';

/**
 * Command names of the write routes, as the handlers name them in their command context.
 * A write route missing here is still counted, under `METHOD /route/pattern`.
 */
export const COMMAND_TYPES: Readonly<Record<string, string>> = {
  'POST /api/leads': 'ReserveSlot',
  'POST /api/subscriptions': 'SubmitApplication',
  'POST /api/payments': 'SubmitPaymentProof',
  'PUT /api/admin/payments/:id/status': 'UpdatePaymentStatus',
  'POST /api/auth/signup': 'SignUp',
  'POST /api/auth/signin': 'SignIn',
  'POST /api/auth/verify-email': 'VerifyEmail',
  'POST /api/auth/verify-email/resend': 'ResendEmailVerification',
  'POST /api/admin/users/:id/verify-email': 'VerifyEmailByStaff',
  'POST /api/logout': 'SignOut',
  'POST /api/objects/upload': 'IssueUploadUrl',
  'PUT /api/objects/upload/:token': 'UploadObject',
  'POST /api/affiliate/register': 'RegisterAffiliate',
  'POST /api/affiliate/report-sale': 'ReportSale',
  'PUT /api/admin/affiliate-sales/:id/status': 'UpdateSaleStatus',
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `commands_total{type, outcome}`: every write request that matched a route counts once,
 * accepted below 400 and refused otherwise (validation, auth, conflicts, limits, and the
 * rare 5xx, which the HTTP histogram shows apart). Add it on the root instance so every
 * plugin's write routes are counted, including ones added later.
 */
export const instrumentCommands = (app: FastifyInstance, registry: Registry) => {
  const commands = counterIn(registry, {
    name: 'commands_total',
    help: 'Commands handled, by command type and outcome (accepted or refused)',
    labelNames: ['type', 'outcome'] as const,
  });
  // Synchronous: an async hook costs a promise and a microtask turn on every request.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route !== undefined && !READ_METHODS.has(request.method)) {
      const key = `${methodLabel(request)} ${route}`;
      commands.inc({ type: COMMAND_TYPES[key] ?? key, outcome: reply.statusCode < 400 ? 'accepted' : 'refused' });
    }
    done();
  });
};
