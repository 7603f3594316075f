import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LogoutResponseSchema } from '@acres/contracts';
import { ROLE_AREAS } from '@acres/contracts/staff-roles';
import {
  AcceptStaffInvitationRequestSchema,
  STAFF_SIGN_IN_FAILED_MESSAGE,
  StaffInvitationAcceptedResponseSchema,
  StaffInvitationLookupSchema,
  StaffInvitationSchema,
  StaffMeSchema,
  StaffSignInRequestSchema,
} from '@acres/contracts/staff';
import { sendProblem } from '@acres/platform/http-errors';
import {
  clearStaffSessionCookie,
  deleteStaffSessionsOf,
  insertStaffSession,
  setStaffSessionCookie,
} from '@acres/platform/staff-sessions';
import type { DeviceFailureThrottle } from '@acres/platform/throttle/device-failure-throttle';
import { clientAddressOf } from '@acres/platform/throttle/failure-throttle';
import { buildCommandContext } from '../commands/request-context.ts';
import { sendTooManyAttempts } from '../identity/routes/rate-limit.ts';
import { acceptInvitation, lookUpInvitation, type InvitationDeps } from './invitation.ts';
import { throttleDeviceOf, type DeviceCookies } from './device-cookie.ts';
import { checkStaffSignIn } from './sign-in.ts';

export type StaffPublicDeps = InvitationDeps & { signInThrottle: DeviceFailureThrottle; deviceCookies: DeviceCookies };

/**
 * The routes a person uses before they are signed in as staff: the invitation's link (POST, so
 * the token never sits in a URL a log keeps), accepting it, signing in and out.
 */
export const registerStaffPublicRoutes = (scope: FastifyInstance, deps: StaffPublicDeps) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/staff/invitation',
    { schema: { body: StaffInvitationLookupSchema, response: { 200: StaffInvitationSchema } } },
    async (request) => lookUpInvitation(deps, request.body.token),
  );

  app.post(
    '/api/staff/invitation/accept',
    { schema: { body: AcceptStaffInvitationRequestSchema, response: { 201: StaffInvitationAcceptedResponseSchema } } },
    async (request, reply) => {
      const context = buildCommandContext({ request, now: deps.now(), commandName: 'AcceptStaffInvitation', input: {} });
      const answer = await acceptInvitation(deps, request.body, context);
      return reply.status(201).send(answer);
    },
  );

  // The sign-in page asks first: a browser without a valid device cookie gets one, kept a year.
  app.get('/api/staff/device', async (request, reply) => {
    if (!deps.deviceCookies.read(request)) deps.deviceCookies.set(reply, deps.deviceCookies.create());
    return reply.status(204).send();
  });

  app.post(
    '/api/staff/signin',
    { schema: { body: StaffSignInRequestSchema, response: { 200: StaffMeSchema } } },
    async (request, reply) => {
      const now = deps.now();
      const { email } = request.body;
      const device = deps.deviceCookies.read(request);
      const attempt = {
        account: email,
        device: throttleDeviceOf(device),
        trusted: deps.deviceCookies.isTrusted(device, email),
        address: clientAddressOf(request),
      };
      const outcome = await deps.signInThrottle.attempt(attempt, () => checkStaffSignIn(deps.pool, request.body, now));
      // A browser that came without its cookie gets one now; a signed-in one is trusted for this account from now on.
      if (outcome.kind === 'passed')
        deps.deviceCookies.set(reply, deps.deviceCookies.trust(device ?? deps.deviceCookies.create(), email));
      else if (!device) deps.deviceCookies.set(reply, deps.deviceCookies.create());
      if (outcome.kind === 'blocked')
        return sendTooManyAttempts(reply, { retryAfterSeconds: outcome.retryAfterSeconds, what: 'staff sign-in' });
      if (outcome.kind === 'refused') return sendProblem(reply, { status: 401, detail: STAFF_SIGN_IN_FAILED_MESSAGE });
      const account = outcome.value;
      // A fresh session id on every sign-in: whatever staff cookie came with the request ends first.
      await deleteStaffSessionsOf(deps.pool, request);
      const staff = { id: account.staffId, displayName: account.displayName, email: account.emailLower, role: account.role };
      setStaffSessionCookie(reply, await insertStaffSession({ db: deps.pool, staff, now }));
      request.log.info({ staffId: account.staffId }, 'staff member signed in');
      return { ...staff, areas: [...ROLE_AREAS[account.role]] };
    },
  );

  app.post('/api/staff/signout', { schema: { response: { 200: LogoutResponseSchema } } }, async (request, reply) => {
    await deleteStaffSessionsOf(deps.pool, request);
    clearStaffSessionCookie(reply);
    return { ok: true as const };
  });
};
