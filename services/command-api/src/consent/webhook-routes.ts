import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WebhookAcceptedSchema, type WebhookAccepted } from '@acres/contracts/consent';
import { DomainError } from '@acres/contracts/errors';
import type { CommandDeps } from '../commands/deps.ts';
import { buildCommandContext } from '../commands/request-context.ts';
import type { ConsentWebhookSecrets } from './config.ts';
import { parseJsonBody, readTermiiReply, readWhatsappReplies } from './inbound-replies.ts';
import { recordConsent, type ConsentChange } from './record-consent.ts';
import { assertHmacSignature } from './signature.ts';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** An unset secret turns its webhook off: nothing unsigned is ever taken as a reply. */
const assertConfigured = <T>(value: T | null, what: string, key: string): T => {
  if (value === null) throw new DomainError('not_found', `The ${what} webhook is not configured on this server (set ${key})`);
  return value;
};

const VerifyQuerySchema = z.object({
  'hub.mode': z.string().min(1, 'is required').max(40),
  'hub.verify_token': z.string().min(1, 'is required').max(512),
  'hub.challenge': z.string().min(1, 'is required').max(512),
});

export const VERIFY_TOKEN_WRONG_MESSAGE = 'hub.verify_token does not match this server’s verify token';

const rawBodyOf = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

/** A provider's signed delivery of inbound replies: where it arrives, how it is signed, how it reads. */
type SignedWebhook = {
  path: string;
  provider: string;
  secret: string | null;
  /** The configuration key that sets the secret, named when it is unset. */
  secretKey: string;
  headerName: string;
  prefix: string;
  algorithm: 'sha256' | 'sha512';
  read: (body: unknown) => ConsentChange[];
};

const signedWebhooks = (secrets: ConsentWebhookSecrets): SignedWebhook[] => [
  {
    path: '/api/webhooks/whatsapp',
    provider: 'WhatsApp',
    secret: secrets.whatsappAppSecret,
    secretKey: 'WHATSAPP_APP_SECRET',
    headerName: 'X-Hub-Signature-256',
    prefix: 'sha256=',
    algorithm: 'sha256',
    read: readWhatsappReplies,
  },
  // Termii signs each webhook delivery with X-Termii-Signature: the hex HMAC-SHA512 of the raw
  // body under the account's secret key (as Termii's Node SDK verifies it: EventService.verifySignature).
  {
    path: '/api/webhooks/termii',
    provider: 'Termii',
    secret: secrets.termiiSecret,
    secretKey: 'TERMII_WEBHOOK_SECRET',
    headerName: 'X-Termii-Signature',
    prefix: '',
    algorithm: 'sha512',
    read: readTermiiReply,
  },
];

/**
 * The providers' inbound webhooks: thin; the work is in this folder. Each change is recorded in
 * order, once per provider message id, and the answer is 200 as soon as they are appended
 * (providers retry a slow or failed delivery, which then records nothing new).
 */
export const registerWebhookRoutes = (app: FastifyInstance, options: { deps: CommandDeps; secrets: ConsentWebhookSecrets }) => {
  const { deps, secrets } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const record = async (request: FastifyRequest, changes: ConsentChange[]) => {
    let recorded = 0;
    for (const change of changes) {
      const base = buildCommandContext({ request, now: deps.now(), commandName: 'RecordConsent', input: change });
      const result = await recordConsent({ deps, change, context: { ...base, idempotency: null } });
      recorded += result.recorded;
    }
    return { received: true, recorded } satisfies WebhookAccepted;
  };

  // Meta's subscription handshake: the challenge, as plain text, for our verify token only.
  typed.get(
    '/api/webhooks/whatsapp',
    { schema: { querystring: VerifyQuerySchema, response: { 200: z.string() } } },
    async (request, reply) => {
      const token = assertConfigured(secrets.whatsappVerifyToken, 'WhatsApp', 'WHATSAPP_WEBHOOK_VERIFY_TOKEN');
      if (request.query['hub.mode'] !== 'subscribe') {
        throw new DomainError('validation_failed', 'hub.mode: must be subscribe', [
          { field: 'hub.mode', message: 'must be subscribe' },
        ]);
      }
      const given = Buffer.from(request.query['hub.verify_token']);
      const expected = Buffer.from(token);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new DomainError('forbidden', VERIFY_TOKEN_WRONG_MESSAGE, [
          { field: 'hub.verify_token', message: VERIFY_TOKEN_WRONG_MESSAGE },
        ]);
      }
      return reply.type('text/plain; charset=utf-8').send(request.query['hub.challenge']);
    },
  );

  for (const hook of signedWebhooks(secrets)) {
    typed.post(
      hook.path,
      { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { response: { 200: WebhookAcceptedSchema } } },
      async (request) => {
        const secret = assertConfigured(hook.secret, hook.provider, hook.secretKey);
        const rawBody = rawBodyOf(request.body);
        const { headerName, prefix, algorithm } = hook;
        assertHmacSignature({
          header: request.headers[headerName.toLowerCase()],
          headerName,
          prefix,
          algorithm,
          secret,
          rawBody,
        });
        return record(request, hook.read(parseJsonBody(rawBody)));
      },
    );
  }
};
