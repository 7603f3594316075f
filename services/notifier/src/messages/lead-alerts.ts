// Who hears that a lead waited 24 hours uncontacted (issue 27): its owner, at the address the
// book keeps for that staff member; while nobody owns it (or the owner has left), the sales
// role's members and the owner (the team's address, and any member with the owner's role).
// One alert per recipient, each under its own key beside the first's, planned once per lead.

import type { MessageIntent } from './intent.ts';
import { overdueAlertId, planOverdueAlert } from './alerts.ts';
import { staffContactKey } from './contacts.ts';
import type { PlanSettings } from './plan.ts';
import type { WaitingItem } from './waiting.ts';

export type AlertedStaff = { staffId: string; email: string; role: string };

type LeadItem = Extract<WaitingItem, { kind: 'lead' }>;

/** The key every lead's alert set starts with (the owner's, or the team address's). */
export const leadAlertId = (item: LeadItem) => overdueAlertId({ kind: 'lead', itemId: item.itemId, day: 1 });

/** The roles alerted about a lead nobody owns. */
export const TEAM_ROLES = ['sales', 'owner'] as const;

export const planOverdueLeadAlerts = (options: {
  item: LeadItem;
  now: Date;
  settings: PlanSettings;
  /** Every staff member who has joined and has an address. */
  staff: readonly AlertedStaff[];
}): MessageIntent[] => {
  const { item, now, settings } = options;
  const owner = options.staff.find((member) => member.staffId === item.details.ownerId);
  if (owner) {
    const alert = planOverdueAlert({ item, now, settings, ownerEmail: owner.email });
    return alert ? [alert] : [];
  }
  const first = planOverdueAlert({ item, now, settings, ownerEmail: null });
  if (!first) return [];
  const team = options.staff.filter(
    (member) => (TEAM_ROLES as readonly string[]).includes(member.role) && member.email !== first.recipient,
  );
  return [
    first,
    ...team.map((member) => ({
      ...planOverdueAlert({ item, now, settings, ownerEmail: member.email })!,
      id: `${first.id}:${staffContactKey(member.staffId)}`,
    })),
  ];
};
