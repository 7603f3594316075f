import {
  acresRuleBreach,
  allocationAcresBreach,
  DEFAULT_BUSINESS_TERMS,
  type BusinessTerms,
  INTENDED_ACRES_RULE,
  LEAD_MESSAGES,
  NIGERIAN_PHONE_MESSAGE,
  priceBandBreach,
  priceBandOf,
  toNigerianMobileE164,
  type Commitment,
  type DomainEventOf,
  UNASSIGNED_OWNER,
  type Role,
} from '@acres/contracts';
import { DomainError, type FieldError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';
import { checkConsentVersion, consentRecorded, type ConsentRecorded } from '../consent/consent-given.ts';
import { throwIfInvalid } from '../validation.ts';
import { withEmptyAsNull } from '../empty-as-null.ts';
import {
  advanceLead,
  assignLeadOwner,
  logLeadActivity,
  moveLeadStage,
  reservedLead,
  type LeadPipelineCommand,
  type LeadPipelineEvent,
  type ReservedLead,
} from './pipeline.ts';

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
  /** The version of the consent text the form showed; absent in SPEC 7's payload (the current text is recorded, not stated). */
  consentVersion?: number | undefined;
  referralCode?: string | null | undefined;
  /** The price per acre the form showed ('3.5M'); the lead records the band in force. */
  priceBand?: string | undefined;
};

/** `terms`: the business terms in force (SPEC's when not given): the minimum allocation and the project's size. */
export type ReserveSlot = { type: 'ReserveSlot'; leadId: string; now: Date; lead: LeadDetails; terms?: BusinessTerms };
export type LeadCommand = ReserveSlot | LeadPipelineCommand;

export type SlotReserved = DomainEventOf<'SlotReserved'>;
/** A new lead's stream holds SlotReserved and, in the same append, the consent it gave; then its pipeline's events. */
export type LeadEvent = SlotReserved | ConsentRecorded | LeadPipelineEvent;

export type LeadState = { status: 'none' } | ReservedLead;

export const initialLeadState: LeadState = { status: 'none' };

export const evolveLead = (state: LeadState, event: LeadEvent): LeadState => {
  switch (event.type) {
    case 'SlotReserved':
      return { status: 'reserved', leadId: event.data.leadId, stage: 'new', ownerId: UNASSIGNED_OWNER };
    case 'ConsentRecorded':
    case 'LeadActivityLogged':
      return state;
    case 'LeadOwnerAssigned':
      return state.status === 'reserved' ? { ...state, ownerId: event.data.ownerId } : state;
    case 'LeadStageMoved':
      return state.status === 'reserved' ? { ...state, stage: event.data.to } : state;
    default:
      return assertNever(event, 'lead event');
  }
};

const reserveSlot = (command: ReserveSlot, state: LeadState): LeadEvent[] => {
  if (state.status === 'reserved') throw new DomainError('conflict', 'This slot reservation already exists');
  const { lead } = command;
  const errors: FieldError[] = [];
  const phoneE164 = toNigerianMobileE164(lead.phone);
  if (phoneE164 === null) errors.push({ field: 'phone', message: NIGERIAN_PHONE_MESSAGE });
  const acresBreach =
    acresRuleBreach(INTENDED_ACRES_RULE, lead.intendedAcres) ??
    allocationAcresBreach(command.terms ?? DEFAULT_BUSINESS_TERMS, lead.intendedAcres);
  if (acresBreach) errors.push({ field: 'intendedAcres', message: acresBreach });
  const terms = command.terms ?? DEFAULT_BUSINESS_TERMS;
  const bandBreach = priceBandBreach(terms, lead.priceBand);
  if (bandBreach) errors.push({ field: 'priceBand', message: bandBreach });
  if (lead.consent !== true) errors.push({ field: 'consent', message: LEAD_MESSAGES.consent });
  const consentGiven = {
    textId: 'lead-contact',
    version: lead.consentVersion,
    versionField: 'consentVersion',
  } as const;
  const versionError = checkConsentVersion(consentGiven);
  if (versionError) errors.push(versionError);
  throwIfInvalid(errors);
  // The form's fields go into the event as they are; what the decider derives or fixes is set after them.
  const { consentVersion: _version, ...given } = lead;
  return [
    {
      type: 'SlotReserved',
      data: {
        leadId: command.leadId,
        ...withEmptyAsNull(given, ['company', 'notes', 'referralCode']),
        phoneE164: phoneE164!,
        priceBand: priceBandOf(terms),
        consent: true,
        reservedAt: command.now.toISOString(),
      },
    },
    consentRecorded({
      ...consentGiven,
      subject: { kind: 'lead', id: command.leadId },
      addresses: { email: lead.email.toLowerCase(), sms: phoneE164!, whatsapp: phoneE164! },
      source: 'lead-form',
      now: command.now,
    }),
  ];
};

export const leadDecider = createDecider<LeadCommand, LeadEvent, LeadState>(initialLeadState, evolveLead, {
  ReserveSlot: reserveSlot,
  AssignLeadOwner: (command, state) => assignLeadOwner(command, reservedLead(state, command.leadId)),
  MoveLeadStage: (command, state) => moveLeadStage(command, reservedLead(state, command.leadId)),
  LogLeadActivity: (command, state) => logLeadActivity(command, reservedLead(state, command.leadId)),
  AdvanceLead: (command, state) => advanceLead(command, reservedLead(state, command.leadId)),
});

export const decideLead = leadDecider.decide;
