import {
  LEAD_ACRES,
  LEAD_MESSAGES,
  NIGERIAN_PHONE_MESSAGE,
  PRICE_BAND,
  toNigerianMobileE164,
  type Commitment,
  type DomainEventOf,
  type Role,
} from '@acres/contracts';
import { DomainError, type FieldError } from '@acres/contracts/errors';
import { assertNever, type Decider } from '../decider.ts';
import { isWholeNumberBetween, throwIfInvalid } from '../validation.ts';

/** What the visitor entered in the Reserve Your Slot dialog, already parsed by the contract schema. */
export type LeadDetails = {
  fullName: string;
  company?: string | null | undefined;
  email: string;
  phone: string;
  role: Role;
  intendedAcres: number;
  commitment: Commitment;
  notes?: string | null | undefined;
  consent: boolean;
  referralCode?: string | null | undefined;
};

export type ReserveSlot = { type: 'ReserveSlot'; leadId: string; now: Date; lead: LeadDetails };
export type LeadCommand = ReserveSlot;

export type SlotReserved = DomainEventOf<'SlotReserved'>;
export type LeadEvent = SlotReserved;

export type LeadState = { status: 'none' } | { status: 'reserved'; leadId: string };

export const initialLeadState: LeadState = { status: 'none' };

export const evolveLead = (state: LeadState, event: LeadEvent): LeadState => {
  switch (event.type) {
    case 'SlotReserved':
      return { status: 'reserved', leadId: event.data.leadId };
    default:
      return assertNever(event.type, 'lead event');
  }
};

const emptyToNull = (value: string | null | undefined) => (value ? value : null);

const reserveSlot = (command: ReserveSlot, state: LeadState): LeadEvent[] => {
  if (state.status === 'reserved') throw new DomainError('conflict', 'This slot reservation already exists');
  const { lead } = command;
  const errors: FieldError[] = [];
  const phoneE164 = toNigerianMobileE164(lead.phone);
  if (phoneE164 === null) errors.push({ field: 'phone', message: NIGERIAN_PHONE_MESSAGE });
  if (!isWholeNumberBetween(lead.intendedAcres, LEAD_ACRES.min, LEAD_ACRES.max)) {
    const message = lead.intendedAcres > LEAD_ACRES.max ? LEAD_MESSAGES.maxAcres : LEAD_MESSAGES.minAcres;
    errors.push({ field: 'intendedAcres', message });
  }
  if (lead.consent !== true) errors.push({ field: 'consent', message: LEAD_MESSAGES.consent });
  throwIfInvalid(errors);
  return [
    {
      type: 'SlotReserved',
      data: {
        leadId: command.leadId,
        fullName: lead.fullName,
        company: emptyToNull(lead.company),
        email: lead.email,
        phone: lead.phone,
        phoneE164: phoneE164!,
        role: lead.role,
        intendedAcres: lead.intendedAcres,
        priceBand: PRICE_BAND,
        commitment: lead.commitment,
        notes: emptyToNull(lead.notes),
        consent: true,
        referralCode: emptyToNull(lead.referralCode),
        reservedAt: command.now.toISOString(),
      },
    },
  ];
};

export const decideLead = (command: LeadCommand, state: LeadState): LeadEvent[] => {
  switch (command.type) {
    case 'ReserveSlot':
      return reserveSlot(command, state);
    default:
      return assertNever(command.type, 'lead command');
  }
};

export const leadDecider: Decider<LeadCommand, LeadEvent, LeadState> = {
  initialState: initialLeadState,
  evolve: evolveLead,
  decide: decideLead,
};
