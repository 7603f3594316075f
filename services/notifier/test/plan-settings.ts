// Planning's settings for the message specs (unit specs: no database).

import { createAddressDigest, deriveMasterKey } from '@acres/eventstore/protect';
import type { PlanSettings } from '../src/messages/plan.ts';

/** An admin address, the public URL, and a link secret and digest key of the specs' own, so they can read back the links. */
export const TEST_PLAN_SETTINGS: PlanSettings = {
  adminEmail: 'ops@acres.example',
  publicUrl: 'https://acres.example',
  linkSigningSecret: 'plan-spec-link-signing-secret-0123456789',
  addressDigest: createAddressDigest(deriveMasterKey('plan-spec-master-key-0123456789abcdef')),
};
