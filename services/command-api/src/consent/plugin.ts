import type { FastifyPluginAsync } from 'fastify';
import type { EventStore } from '@acres/eventstore/port';
import type { AddressDigest } from '@acres/eventstore/protect';
import { commandDepsOf } from '../commands/deps.ts';
import type { ConsentWebhookSecrets } from './config.ts';
import { registerUnsubscribeRoute } from './unsubscribe-route.ts';
import { registerWebhookRoutes } from './webhook-routes.ts';

export type ConsentPluginOptions = {
  eventStore: EventStore;
  /** The key vault's addressDigest: suppression is kept under it. */
  addressDigest: AddressDigest;
  /** Checks the unsubscribe links the notifier signs (resolveLinkSigningSecret). */
  linkSigningSecret: string;
  secrets: ConsentWebhookSecrets;
  now?: () => Date;
  newId?: () => string;
};

/**
 * Consent and opt-out (issue 13, item 4): the WhatsApp and Termii inbound webhooks and the
 * email unsubscribe. Its own plugin, not wrapped in fastify-plugin: its body parsers (the raw
 * bytes a signature covers, and the one-click form) stay inside it, away from the command
 * API's JSON-only routes.
 */
export const consentPlugin: FastifyPluginAsync<ConsentPluginOptions> = async (app, options) => {
  const deps = commandDepsOf(options);
  // A signature covers the exact bytes: the JSON is parsed by the route after the check.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, new URLSearchParams(body as string)),
  );
  registerWebhookRoutes(app, { deps, secrets: options.secrets });
  registerUnsubscribeRoute(app, { deps, linkSigningSecret: options.linkSigningSecret });
};
