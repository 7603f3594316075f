import { ERASED, personalFieldsOf } from '@acres/contracts/personal-data';
import { decrypt, encrypt } from './cipher.ts';
import { SubjectErasedError, type KeyVault, type SubjectKey } from './key-vault.ts';
import { subjectIdOf } from './subject-id.ts';

// How an event's personal fields are kept in the log: taken out of its data and sealed
// together under `$pii` with the subject's key. The field names and the subject id stay
// in clear (neither is personal), so an erased event still says which fields it had.

export const SEALED_KEY = '$pii';

/** The sealed part of a stored event's data: subject, field names, nonce ‖ ciphertext ‖ tag in base64. */
export type SealedFields = { s: string; f: string[]; c: string };

type EventLike = { id: string; type: string; data: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// The ciphertext belongs to one event: moved into another it does not open.
const additionalData = (event: EventLike) => `${event.id.toLowerCase()}|${event.type}`;

export const sealedPartOf = (data: unknown): SealedFields | null => {
  if (!isRecord(data)) return null;
  const sealed = data[SEALED_KEY];
  return isRecord(sealed) && typeof sealed.s === 'string' && Array.isArray(sealed.f) && typeof sealed.c === 'string'
    ? (sealed as SealedFields)
    : null;
};

/** What sealing this event would take out of it, or null when it carries no personal data (or is sealed already). */
export const planSeal = (event: EventLike): { subjectId: string; fields: string[] } | null => {
  const personal = personalFieldsOf(event.type);
  if (!personal || !isRecord(event.data) || SEALED_KEY in event.data) return null;
  const ref = personal.subject(event.data as never);
  if (!ref) return null;
  const data = event.data;
  // An undefined value is no data (JSON drops it); sealing its name would make it read ERASED later.
  const fields = personal.fields.filter((field) => Object.hasOwn(data, field) && data[field] !== undefined);
  return fields.length === 0 ? null : { subjectId: subjectIdOf(ref), fields };
};

/** The subjects whose keys sealing these events takes, and each event's plan. */
export const planSeals = <E extends EventLike>(events: readonly E[]) => {
  const plans = events.map(planSeal);
  return { plans, subjects: plans.flatMap((plan) => (plan ? [plan.subjectId] : [])) };
};

/** The events sealed with keys already at hand; an erased subject's event is refused. */
export const sealWithKeys = <E extends EventLike>(
  events: readonly E[],
  plans: ReturnType<typeof planSeal>[],
  keys: ReadonlyMap<string, SubjectKey>,
): E[] =>
  events.map((event, index) => {
    const plan = plans[index];
    if (!plan) return event;
    const key = keys.get(plan.subjectId)!;
    if (key === 'erased') throw new SubjectErasedError(plan.subjectId);
    return sealWithKey(event, plan, key);
  });

/** The events with their personal fields sealed; creates the keys of new subjects. */
export const sealEvents = async <E extends EventLike>(vault: KeyVault, events: readonly E[]): Promise<E[]> => {
  const { plans, subjects } = planSeals(events);
  if (subjects.length === 0) return [...events];
  return sealWithKeys(events, plans, await vault.keysFor(subjects, { create: true }));
};

/** One event sealed with a given key (sealEvents' step; the log migration seals an erased subject's with a throwaway one). */
export const sealWithKey = <E extends EventLike>(event: E, plan: { subjectId: string; fields: string[] }, key: Buffer): E => {
  const clear: Record<string, unknown> = { ...(event.data as Record<string, unknown>) };
  const personal: Record<string, unknown> = {};
  for (const field of plan.fields) {
    personal[field] = clear[field];
    delete clear[field];
  }
  const sealed = encrypt(key, Buffer.from(JSON.stringify(personal), 'utf8'), additionalData(event));
  clear[SEALED_KEY] = { s: plan.subjectId, f: plan.fields, c: sealed.toString('base64') } satisfies SealedFields;
  return { ...event, data: clear };
};

/** The sealed fields of an event did not open: moved from another event, or edited. */
export class SealedFieldsError extends Error {
  override readonly name = 'SealedFieldsError';
  constructor(
    readonly eventId: string,
    readonly eventType: string,
    options: { cause: unknown },
  ) {
    super(
      `The sealed personal fields of ${eventType} event ${eventId} do not open (edited, or moved from another event)`,
      options,
    );
  }
}

const unseal = (key: Buffer, event: EventLike, sealed: SealedFields): Record<string, unknown> => {
  try {
    return JSON.parse(decrypt(key, Buffer.from(sealed.c, 'base64'), additionalData(event)).toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch (error) {
    throw new SealedFieldsError(event.id, event.type, { cause: error });
  }
};

/**
 * The events as their readers expect them: personal fields back in place, or ERASED in each
 * of them when the subject's key is destroyed. Events without sealed fields pass unchanged.
 */
export const openEvents = async <E extends EventLike>(vault: KeyVault, events: readonly E[]): Promise<E[]> => {
  const subjects: string[] = [];
  for (const event of events) {
    const sealed = sealedPartOf(event.data);
    if (sealed) subjects.push(sealed.s);
    // Keys destroyed by another process: look again rather than trust this one's cache.
    if (event.type === 'SubjectErased' && isRecord(event.data) && Array.isArray(event.data.subjects))
      vault.forget(event.data.subjects as string[]);
  }
  if (subjects.length === 0) return events as E[];
  const keys = await vault.keysFor(subjects, { create: false });
  return events.map((event) => {
    const sealed = sealedPartOf(event.data);
    if (!sealed) return event;
    const { [SEALED_KEY]: _sealed, ...clear } = event.data as Record<string, unknown>;
    const key = keys.get(sealed.s)!;
    const personal = key === 'erased' ? Object.fromEntries(sealed.f.map((field) => [field, ERASED])) : unseal(key, event, sealed);
    return { ...event, data: { ...clear, ...personal } };
  });
};

/** Whether a stored event's personal fields read as ERASED (its subject's key is destroyed). */
export const isErasedEvent = async (vault: KeyVault, event: EventLike): Promise<boolean> => {
  const sealed = sealedPartOf(event.data);
  if (!sealed) return false;
  return (await vault.keysFor([sealed.s], { create: false })).get(sealed.s) === 'erased';
};
