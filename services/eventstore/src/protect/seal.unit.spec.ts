import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ERASED } from '@acres/contracts/personal-data';
import { createAddressDigest } from './address-digest.ts';
import { newKey } from './cipher.ts';
import { SubjectErasedError, type KeyVault, type SubjectKey } from './key-vault.ts';
import { openEvents, SEALED_KEY, SealedFieldsError, sealedPartOf, sealEvents } from './seal.ts';
import { subjectIdOf } from './subject-id.ts';

// The vault's contract without its table (the table itself: key-vault.int.spec.ts).
const memoryVault = () => {
  const keys = new Map<string, SubjectKey>();
  const vault: KeyVault = {
    keysFor: async (ids, { create }) => {
      const found = new Map<string, SubjectKey>();
      for (const id of ids) {
        if (!keys.has(id) && create) keys.set(id, newKey());
        const key = keys.get(id);
        if (key === undefined) throw new Error(`no key for ${id}`);
        found.set(id, key);
      }
      return found;
    },
    destroy: async (ids) => {
      const live = ids.filter((id) => Buffer.isBuffer(keys.get(id)));
      for (const id of ids) keys.set(id, 'erased');
      return live;
    },
    forget: () => {},
    addressDigest: createAddressDigest(newKey()),
  };
  return { vault, keys };
};

const leadId = randomUUID();
const slot = () => ({
  id: randomUUID(),
  type: 'SlotReserved',
  data: {
    leadId,
    fullName: 'Ngozi Eze',
    company: null,
    email: 'ngozi.eze@example.ng',
    phone: '0803 555 0101',
    phoneE164: '+2348035550101',
    role: 'Investor',
    intendedAcres: 12,
    priceBand: '3.5M',
    commitment: '7 days',
    notes: 'Prefers calls after 5pm',
    consent: true,
    referralCode: null,
    reservedAt: '2026-11-26T10:00:00.000Z',
  },
});
const PERSONAL = ['fullName', 'company', 'email', 'phone', 'phoneE164', 'notes'];
const payout = () => ({ id: randomUUID(), type: 'PayoutBatchPaid', data: { batchId: randomUUID(), amount: 10 } });

describe('sealEvents and openEvents', () => {
  it('seal the personal fields under the subject, leave the rest in clear, and open back to the same event', async () => {
    const { vault } = memoryVault();
    const event = slot();
    const [sealed] = await sealEvents(vault, [event]);
    const data = sealed!.data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(
      Object.keys(event.data)
        .filter((key) => !PERSONAL.includes(key))
        .concat(SEALED_KEY)
        .sort(),
    );
    expect(sealedPartOf(data)).toMatchObject({ s: subjectIdOf({ kind: 'lead', id: leadId }), f: PERSONAL });
    const stored = JSON.stringify(sealed);
    for (const value of ['Ngozi', 'ngozi.eze', '0803 555', '2348035550101', 'after 5pm']) expect(stored).not.toContain(value);
    expect(await openEvents(vault, [sealed!])).toEqual([event]);
    // Sealing is once: an event that holds a sealed part is left as it is.
    expect(await sealEvents(vault, [sealed!])).toEqual([sealed]);
  });

  it('do not open a sealed part under another event id, or with any byte changed', async () => {
    const { vault } = memoryVault();
    const [sealed] = await sealEvents(vault, [slot()]);
    await expect(openEvents(vault, [{ ...sealed!, id: randomUUID() }])).rejects.toThrow(SealedFieldsError);
    await expect(openEvents(vault, [{ ...sealed!, type: 'UserRegistered' }])).rejects.toThrow(SealedFieldsError);
    const part = sealedPartOf(sealed!.data)!;
    const bytes = Buffer.from(part.c, 'base64');
    for (const index of [0, 20, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[index] = tampered[index]! ^ 0x01;
      const data = { ...(sealed!.data as object), [SEALED_KEY]: { ...part, c: tampered.toString('base64') } };
      await expect(openEvents(vault, [{ ...sealed!, data }])).rejects.toThrow(
        `The sealed personal fields of SlotReserved event ${sealed!.id} do not open`,
      );
    }
  });

  it("read ERASED in exactly the sealed fields once the subject's key is destroyed, and refuse new data for it", async () => {
    const { vault } = memoryVault();
    const event = slot();
    const [sealed, other] = await sealEvents(vault, [event, { ...slot(), data: { ...slot().data, leadId: randomUUID() } }]);
    await vault.destroy([subjectIdOf({ kind: 'lead', id: leadId })], { at: new Date() });
    const [erased, kept] = await openEvents(vault, [sealed!, other!]);
    expect(erased!.data).toEqual({ ...event.data, ...Object.fromEntries(PERSONAL.map((field) => [field, ERASED])) });
    expect((kept!.data as { fullName: string }).fullName).toBe('Ngozi Eze');
    await expect(sealEvents(vault, [slot()])).rejects.toThrow(SubjectErasedError);
  });

  it('seal only the fields an event has, and leave events without personal data unchanged', async () => {
    const { vault, keys } = memoryVault();
    const event = slot();
    const partial = { ...event, data: { leadId, fullName: 'Ngozi Eze', email: undefined, intendedAcres: 12 } };
    const unknownType = { id: randomUUID(), type: 'SomethingElse', data: { email: 'x@example.ng' } };
    const plain = [payout(), unknownType, { id: randomUUID(), type: 'SlotReserved', data: null }];
    const sealed = await sealEvents(vault, [partial, ...plain]);
    expect(sealedPartOf(sealed[0]!.data)?.f).toEqual(['fullName']);
    expect(sealed.slice(1)).toEqual(plain);
    expect(await openEvents(vault, sealed)).toEqual([
      { ...partial, data: { leadId, fullName: 'Ngozi Eze', intendedAcres: 12 } },
      ...plain,
    ]);
    expect(await openEvents(vault, plain)).toEqual(plain);
    expect([...keys.keys()]).toEqual([subjectIdOf({ kind: 'lead', id: leadId })]);
  });

  it('name a contact by a digest of its normalised address, the same for SMS and WhatsApp', () => {
    const sms = subjectIdOf({ kind: 'contact', channel: 'sms', address: '+234 803 555 0101' });
    expect(sms).toMatch(/^contact:[0-9a-f]{32}$/);
    expect(subjectIdOf({ kind: 'contact', channel: 'whatsapp', address: '+2348035550101' })).toBe(sms);
    // As the providers write it, without the +.
    expect(subjectIdOf({ kind: 'contact', channel: 'sms', address: '2348035550101' })).toBe(sms);
    expect(subjectIdOf({ kind: 'contact', channel: 'email', address: ' Ngozi@Example.NG ' })).toBe(
      subjectIdOf({ kind: 'contact', channel: 'email', address: 'ngozi@example.ng' }),
    );
    expect(subjectIdOf({ kind: 'user', id: 'ABC' })).toBe('user:abc');
  });
});
