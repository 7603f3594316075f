import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UNSUBSCRIBE_MESSAGES, UnsubscribedSchema, UnsubscribeRequestSchema, type Unsubscribed } from '@acres/contracts/consent';
import { DomainError } from '@acres/contracts/errors';
import type { CommandDeps } from '../commands/deps.ts';
import { buildCommandContext } from '../commands/request-context.ts';
import { parseJsonBody } from './inbound-replies.ts';
import { recordConsent } from './record-consent.ts';
import { readUnsubscribeToken } from './unsubscribe.ts';

const UNSUBSCRIBE_BODY_LIMIT = 4 * 1024;

const QuerySchema = z.object({ token: z.string().max(512).optional() });

/** The body as the parsers of this plugin left it: a form (URLSearchParams) or raw JSON bytes. */
const readBody = (body: unknown): Record<string, unknown> => {
  if (body instanceof URLSearchParams) return Object.fromEntries(body);
  if (Buffer.isBuffer(body)) return body.length === 0 ? {} : (parseJsonBody(body) as Record<string, unknown>);
  return {};
};

const refuse = (error: z.ZodError): never => {
  const errors = error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message }));
  throw new DomainError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
};

/**
 * POST /api/unsubscribe: the token from the link's query (RFC 8058: the mail app POSTs
 * `List-Unsubscribe=One-Click` to the List-Unsubscribe URL) or from the body (the page's button,
 * as a form or JSON). Only a POST unsubscribes: mail scanners prefetch the links with GET.
 */
export const registerUnsubscribeRoute = (app: FastifyInstance, options: { deps: CommandDeps; linkSigningSecret: string }) => {
  const { deps } = options;
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/unsubscribe',
      { bodyLimit: UNSUBSCRIBE_BODY_LIMIT, schema: { querystring: QuerySchema, response: { 200: UnsubscribedSchema } } },
      async (request): Promise<Unsubscribed> => {
        const body = readBody(request.body);
        const parsed = UnsubscribeRequestSchema.safeParse({ ...body, token: body.token ?? request.query.token });
        if (!parsed.success) return refuse(parsed.error);
        const address = readUnsubscribeToken({ token: parsed.data.token, secret: options.linkSigningSecret });
        const change = {
          choice: 'opt-out' as const,
          channel: 'email' as const,
          address,
          source: parsed.data['List-Unsubscribe'] === 'One-Click' ? ('email-one-click' as const) : ('email-link' as const),
          providerMessageId: null,
        };
        const base = buildCommandContext({ request, now: deps.now(), commandName: 'Unsubscribe', input: change });
        const result = await recordConsent({ deps, change, context: { ...base, idempotency: null } });
        return { channel: 'email', message: UNSUBSCRIBE_MESSAGES.done, position: result.position };
      },
    );
};
