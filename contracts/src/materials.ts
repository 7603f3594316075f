// Sending the due-diligence package (issue 27 item 3): a personal link per lead that expires and
// can be revoked; the page behind it, and what the admin sees of each link's use.

import { z } from 'zod';
import { RoomDocumentSchema } from './documents-reads.ts';

export * from './package-promise-texts.ts';

/** How long a link works unless configuration says otherwise. */
export const DEFAULT_MATERIALS_LINK_DAYS = 14;
export const MATERIALS_PATH = '/materials';

export const MATERIALS_MESSAGES = {
  expired: 'This link to the due-diligence materials has expired. Please ask our team for a new one.',
  revoked: 'This link to the due-diligence materials was withdrawn. Please ask our team for a new one.',
  invalid: 'This link to the due-diligence materials is not valid. Please check that you copied all of it.',
  leadNotFound: 'Lead not found',
  linkNotFound: 'Link not found',
  alreadyRevoked: 'This link was already revoked',
  noDocuments: 'No due-diligence document has been uploaded yet: upload one before sending materials',
  documentNotFound: 'Document not found',
} as const;

export const MaterialsSentAnswerSchema = z.object({ linkId: z.string(), expiresAt: z.string(), position: z.string() });
export type MaterialsSentAnswer = z.infer<typeof MaterialsSentAnswerSchema>;

export const MaterialsRevokedAnswerSchema = z.object({ linkId: z.string(), position: z.string() });
export type MaterialsRevokedAnswer = z.infer<typeof MaterialsRevokedAnswerSchema>;

export const RecordedAnswerSchema = z.object({ position: z.string() });

/** GET /api/materials/:token: the room behind a lead's link. */
export const MaterialsPageSchema = z.object({
  expiresAt: z.string(),
  documents: z.array(RoomDocumentSchema),
});
export type MaterialsPage = z.infer<typeof MaterialsPageSchema>;

export const MATERIALS_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export const MATERIALS_ACTIVITY_KINDS = ['sent', 'revoked', 'viewed', 'downloaded'] as const;

export const MaterialsLinkSchema = z.object({
  linkId: z.string(),
  sentAt: z.string(),
  sentBy: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
  status: z.enum(MATERIALS_LINK_STATUSES),
  views: z.number().int().nonnegative(),
  downloads: z.number().int().nonnegative(),
});
export type MaterialsLink = z.infer<typeof MaterialsLinkSchema>;

export const MaterialsActivitySchema = z.object({
  at: z.string(),
  kind: z.enum(MATERIALS_ACTIVITY_KINDS),
  linkId: z.string(),
  /** The staff member for sent and revoked; null for what the lead did. */
  by: z.string().nullable(),
  /** The document's title for a download. */
  documentTitle: z.string().nullable(),
});
export type MaterialsActivity = z.infer<typeof MaterialsActivitySchema>;

/** GET /api/admin/leads/:id/materials: the lead's links and everything done with them, newest first. */
export const LeadMaterialsSchema = z.object({
  links: z.array(MaterialsLinkSchema),
  activity: z.array(MaterialsActivitySchema),
});
export type LeadMaterials = z.infer<typeof LeadMaterialsSchema>;

/** GET /api/documents: the room on an investor's dashboard; `eligible` false shows no card. */
export const InvestorRoomSchema = z.object({ eligible: z.boolean(), documents: z.array(RoomDocumentSchema) });
export type InvestorRoom = z.infer<typeof InvestorRoomSchema>;

export const INVESTOR_ROOM_MESSAGES = {
  notMember: 'The due-diligence documents open to investors and approved applicants',
} as const;
