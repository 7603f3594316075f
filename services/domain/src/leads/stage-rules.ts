import { LEAD_STAGE_LABELS, type LeadStage } from '@acres/contracts';

// The way through the pipeline. Staff move a lead forward as it goes (any later stage, so a
// call that went straight to sending the materials is one move), or to lost from anywhere but
// paid; a lost lead may be reopened at any stage. Nothing moves back otherwise, and paid is
// where a lead ends: it is the money, already verified.

const RANK: Record<Exclude<LeadStage, 'lost'>, number> = { new: 0, contacted: 1, materials_sent: 2, applied: 3, paid: 4 };

export const PAID_IS_FINAL_MESSAGE = 'A paid lead stays paid';
export const movedBackMessage = (from: LeadStage, to: LeadStage) =>
  `A lead cannot move back from ${LEAD_STAGE_LABELS[from]} to ${LEAD_STAGE_LABELS[to]}`;
export const SAME_STAGE_MESSAGE = 'The lead is already in this stage';

/** Why staff may not move a lead from one stage to another, or null when they may. */
export const stageMoveRefusal = (from: LeadStage, to: LeadStage): string | null => {
  if (from === to) return SAME_STAGE_MESSAGE;
  if (from === 'paid') return PAID_IS_FINAL_MESSAGE;
  if (from === 'lost' || to === 'lost') return null;
  return RANK[to] < RANK[from] ? movedBackMessage(from, to) : null;
};

/**
 * Whether the product itself moves a lead to `to` when the same verified person applies or
 * pays: only forward, and a lost lead too, since the person came back by themselves.
 */
export const isAutomaticMove = (from: LeadStage, to: 'applied' | 'paid'): boolean =>
  from === 'lost' || (from !== to && RANK[from] < RANK[to]);
