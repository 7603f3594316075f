import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminConsentChangeRequestSchema,
  ConsentChangeAcceptedSchema,
  SetMessagePreferenceRequestSchema,
} from '@acres/contracts/consent-ledger';
import { CONFIRM_EMAIL_FIRST_MESSAGE } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { PHONE_VERIFICATION_MESSAGES } from '@acres/contracts/phone-verification';
import { requireUser } from '@acres/platform/sessions';
import { z } from 'zod';
import { COMMAND_BODY_LIMIT } from '../commands/accepted.ts';
import type { CommandDeps } from '../commands/deps.ts';
import { buildAdminCommandContext, buildCommandContext } from '../commands/request-context.ts';
import { changePreference } from './change-preference.ts';
import { ADMIN_CONSENT_KINDS, findSubjectAddresses } from './subject-addresses.ts';
import { readUserProfile } from '../identity/accounts.ts';
import { readVerifiedPhones } from '../phone-verification/phone-verification.ts';

/**
 * A text channel's preference belongs to the number's proven owner (issue 24, finding 3): a
 * number typed on a lead or affiliate form may be anyone's, and opting it back in after its
 * owner replied STOP would send them marketing again.
 */
const confirmPhoneFirst = () =>
  new DomainError('conflict', PHONE_VERIFICATION_MESSAGES.confirmFirst, [
    { field: 'channel', message: PHONE_VERIFICATION_MESSAGES.confirmFirst },
  ]);

/** Likewise an email: the account's address counts only once it is confirmed (issue 24, item 1). */
const confirmEmailFirst = () =>
  new DomainError('conflict', CONFIRM_EMAIL_FIRST_MESSAGE, [{ field: 'channel', message: CONFIRM_EMAIL_FIRST_MESSAGE }]);

/** PUT /api/me/message-preferences, in a context with session support: the investor's or affiliate's own choice. */
export const registerPreferenceRoutes = (app: FastifyInstance, options: { deps: CommandDeps }) => {
  const { deps } = options;
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/me/message-preferences',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      onRequest: requireUser,
      schema: { body: SetMessagePreferenceRequestSchema, response: { 200: ConsentChangeAcceptedSchema } },
    },
    async (request) => {
      const user = request.sessionUser!;
      // The account's current phone is the latest it confirmed with a code, never one typed on a form.
      const phoneE164 = (await readVerifiedPhones(deps.eventStore, user.id)).at(-1)?.phoneE164 ?? null;
      if (request.body.channel !== 'email' && phoneE164 === null) throw confirmPhoneFirst();
      const profile = await readUserProfile(deps.eventStore, user.id);
      const email = profile?.user.emailVerified ? profile.user.email.toLowerCase() : null;
      if (request.body.channel === 'email' && email === null) throw confirmEmailFirst();
      const addresses = { email, phoneE164 };
      // The signed-in user is the actor.
      const context = buildCommandContext({ request, now: deps.now(), commandName: 'SetMessagePreference', input: request.body });
      return changePreference({
        deps,
        addresses,
        choice: request.body,
        source: 'dashboard',
        recordedBy: `user:${user.id}`,
        context,
      });
    },
  );
};

const AdminConsentParamsSchema = z.object({
  kind: z.enum(ADMIN_CONSENT_KINDS, { error: `kind must be one of ${ADMIN_CONSENT_KINDS.join(', ')}` }),
  id: z.uuid({ error: 'id must be a UUID' }),
});

/** POST /api/admin/consent/:kind/:id, behind the admin guard: a choice recorded on the person's behalf. */
export const registerAdminConsentRoutes = (app: FastifyInstance, options: { deps: CommandDeps }) => {
  const { deps } = options;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/consent/:kind/:id',
    {
      bodyLimit: COMMAND_BODY_LIMIT,
      schema: {
        params: AdminConsentParamsSchema,
        body: AdminConsentChangeRequestSchema,
        response: { 200: ConsentChangeAcceptedSchema },
      },
    },
    async (request) => {
      const addresses = await findSubjectAddresses(deps.eventStore, request.params);
      if (!addresses) throw new DomainError('not_found', `No ${request.params.kind} ${request.params.id}`);
      const { adminUsername, context } = buildAdminCommandContext({
        request,
        now: deps.now(),
        commandName: 'RecordConsentForContact',
        input: request.body,
        keepIdempotencyKey: true,
      });
      return changePreference({
        deps,
        addresses,
        choice: request.body,
        source: 'admin',
        recordedBy: `admin:${adminUsername}`,
        context,
      });
    },
  );
};
