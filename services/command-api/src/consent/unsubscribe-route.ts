import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  UNSUBSCRIBE_MESSAGES,
  UnsubscribeBodySchema,
  UnsubscribedSchema,
  UnsubscribeQuerySchema,
  type Unsubscribed,
} from '@acres/contracts/consent';
import { DomainError } from '@acres/contracts/errors';
import type { CommandDeps } from '../commands/deps.ts';
import { buildCommandContext } from '../commands/request-context.ts';
import { parseJsonBody } from './inbound-replies.ts';
import { recordConsent } from './record-consent.ts';
import { recordSuppression, suppressionSourceOf } from './record-suppression.ts';
import { readUnsubscribeToken } from './unsubscribe.ts';

const UNSUBSCRIBE_BODY_LIMIT = 4 * 1024;

export const BODY_NOT_OBJECT_MESSAGE = 'The body must be a JSON object or a form';

/** The body as the parsers of this plugin left it: a form (URLSearchParams) or raw JSON bytes. */
const readBody = (body: unknown): unknown => {
  if (body instanceof URLSearchParams) return Object.fromEntries(body);
  if (Buffer.isBuffer(body)) return body.length === 0 ? {} : parseJsonBody(body);
  return {};
};

const refuse = (error: z.ZodError): never => {
  const errors = error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message }));
  throw new DomainError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
};

/**
 * POST /api/unsubscribe?token=…: RFC 8058's one-click (the mail app POSTs the form
 * `List-Unsubscribe=One-Click` to the List-Unsubscribe URL) or the page's button (a JSON object).
 * Only a POST unsubscribes: mail scanners prefetch the links with GET.
 */
export const registerUnsubscribeRoute = (app: FastifyInstance, options: { deps: CommandDeps; linkSigningSecret: string }) => {
  const { deps } = options;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/unsubscribe',
    {
      bodyLimit: UNSUBSCRIBE_BODY_LIMIT,
      schema: { querystring: UnsubscribeQuerySchema, response: { 200: UnsubscribedSchema } },
    },
    async (request): Promise<Unsubscribed> => {
      const body = readBody(request.body);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new DomainError('validation_failed', BODY_NOT_OBJECT_MESSAGE, [
          { field: 'body', message: BODY_NOT_OBJECT_MESSAGE },
        ]);
      }
      const parsed = UnsubscribeBodySchema.safeParse(body);
      if (!parsed.success) return refuse(parsed.error);
      const target = readUnsubscribeToken({ token: request.query.token, secret: options.linkSigningSecret });
      const source = parsed.data['List-Unsubscribe'] === 'One-Click' ? ('email-one-click' as const) : ('email-link' as const);
      const now = deps.now();
      // The log line and the command's request hash name the target by its digest, never the address.
      const digest = target.digest ?? deps.addressDigest('email', target.address);
      const base = buildCommandContext({ request, now, commandName: 'Unsubscribe', input: { channel: 'email', digest, source } });
      const context = { ...base, idempotency: null };
      const result = target.address
        ? await recordConsent({
            deps,
            change: { choice: 'opt-out', channel: 'email', address: target.address, source, providerMessageId: null },
            context,
          })
        : // A version 2 link names no address: the suppression alone holds the choice.
          await recordSuppression({
            deps,
            change: {
              choice: 'opt-out',
              channel: 'email',
              digest,
              purpose: 'marketing',
              source: suppressionSourceOf(source, 'opt-out'),
              recordedBy: null,
              withoutAddress: true,
            },
            context,
          });
      return { channel: 'email', message: UNSUBSCRIBE_MESSAGES.done, position: result.position };
    },
  );
};
