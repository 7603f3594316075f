import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConfirmPhoneVerificationSchema,
  PhoneVerificationRequestedResponseSchema,
  PhoneVerifiedResponseSchema,
  RequestPhoneVerificationSchema,
} from '@acres/contracts/phone-verification';
import { PhoneVerificationLimitError } from '@acres/domain';
import { sendProblem } from '@acres/platform/http-errors';
import { requireUser } from '@acres/platform/sessions';
import { requireJsonContentType, requireJsonObjectBody } from '../commands/content-type.ts';
import { buildCommandContext } from '../commands/request-context.ts';
import { confirmPhoneVerification, requestPhoneVerification, type PhoneVerificationDeps } from './phone-verification.ts';

const jsonOnly = { onRequest: requireJsonContentType, preValidation: requireJsonObjectBody, bodyLimit: 8 * 1024 };

const describeWait = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

/** The signed-in person's own phone: ask for a code, then confirm it. Needs session support on `app`. */
export const registerPhoneVerificationRoutes = (app: FastifyInstance, deps: PhoneVerificationDeps & { now: () => Date }) => {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const contextFor = (request: Parameters<typeof buildCommandContext>[0]['request'], commandName: string) => {
    const userId = request.sessionUser!.id;
    const base = buildCommandContext({ request, now: deps.now(), commandName, input: {} });
    return { userId, context: { ...base, actor: { kind: 'user' as const, id: userId } } };
  };

  // Confirm first: the OpenAPI document lists routes in this order (see the fuzz's VALID_BODIES).
  route.post(
    '/api/me/phone-verification/confirm',
    {
      ...jsonOnly,
      onRequest: [requireUser, requireJsonContentType],
      schema: { body: ConfirmPhoneVerificationSchema, response: { 200: PhoneVerifiedResponseSchema } },
    },
    async (request) => {
      const { userId, context } = contextFor(request, 'ConfirmPhoneVerification');
      const verified = await confirmPhoneVerification(deps, { userId, code: request.body.code, context });
      request.log.info({ userId }, 'phone number verified');
      return verified;
    },
  );

  route.post(
    '/api/me/phone-verification',
    {
      ...jsonOnly,
      onRequest: [requireUser, requireJsonContentType],
      schema: { body: RequestPhoneVerificationSchema, response: { 202: PhoneVerificationRequestedResponseSchema } },
    },
    async (request, reply) => {
      const { userId, context } = contextFor(request, 'RequestPhoneVerification');
      try {
        const pending = await requestPhoneVerification(deps, { userId, phoneE164: request.body.phoneNumber, context });
        request.log.info({ verificationId: pending.verificationId }, 'phone verification code asked for');
        return reply.status(202).send(pending);
      } catch (error) {
        if (!(error instanceof PhoneVerificationLimitError)) throw error;
        reply.header('retry-after', String(error.retryAfterSeconds));
        const detail = `${error.message} Try again in ${describeWait(error.retryAfterSeconds)}.`;
        return sendProblem(reply, { status: 429, detail, errors: [{ field: 'phoneNumber', message: detail }] });
      }
    },
  );
};
