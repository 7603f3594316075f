import { MATERIALS_MESSAGES, type DomainEventOf } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';

export type SendMaterials = { type: 'SendMaterials'; linkId: string; leadId: string; by: string; now: Date; expiresAt: Date };
export type RevokeMaterialsLink = { type: 'RevokeMaterialsLink'; by: string; now: Date };
export type RecordMaterialsView = { type: 'RecordMaterialsView'; now: Date };
export type RecordMaterialsDownload = {
  type: 'RecordMaterialsDownload';
  now: Date;
  /** The document's current version, read from its own stream. */
  document: { documentId: string; version: number };
};
export type MaterialsLinkCommand = SendMaterials | RevokeMaterialsLink | RecordMaterialsView | RecordMaterialsDownload;

export type MaterialsLinkEvent =
  | DomainEventOf<'MaterialsSent'>
  | DomainEventOf<'MaterialsLinkRevoked'>
  | DomainEventOf<'MaterialsViewed'>
  | DomainEventOf<'DueDiligenceDocumentDownloaded'>;

export type MaterialsLinkState = {
  link: { linkId: string; leadId: string; expiresAt: Date } | null;
  revoked: boolean;
};

export const initialMaterialsLinkState: MaterialsLinkState = { link: null, revoked: false };

export const evolveMaterialsLink = (state: MaterialsLinkState, event: MaterialsLinkEvent): MaterialsLinkState => {
  switch (event.type) {
    case 'MaterialsSent':
      return {
        ...state,
        link: { linkId: event.data.linkId, leadId: event.data.leadId, expiresAt: new Date(event.data.expiresAt) },
      };
    case 'MaterialsLinkRevoked':
      return { ...state, revoked: true };
    case 'MaterialsViewed':
    case 'DueDiligenceDocumentDownloaded':
      return state;
    default:
      return assertNever(event, 'materials link event');
  }
};

const linkOf = (state: MaterialsLinkState) => {
  if (!state.link) throw new DomainError('not_found', MATERIALS_MESSAGES.linkNotFound);
  return state.link;
};

/** THE rule of a link's use: revoked or past its expiry, it is gone (410). */
export const usableLink = (state: MaterialsLinkState, now: Date) => {
  const link = linkOf(state);
  if (state.revoked) throw new DomainError('gone', MATERIALS_MESSAGES.revoked);
  if (link.expiresAt.getTime() <= now.getTime()) throw new DomainError('gone', MATERIALS_MESSAGES.expired);
  return link;
};

export const materialsLinkDecider = createDecider<MaterialsLinkCommand, MaterialsLinkEvent, MaterialsLinkState>(
  initialMaterialsLinkState,
  evolveMaterialsLink,
  {
    SendMaterials: (command, state) => {
      if (state.link) throw new DomainError('conflict', 'This link was already sent');
      return [
        {
          type: 'MaterialsSent',
          data: {
            linkId: command.linkId,
            leadId: command.leadId,
            sentBy: command.by,
            sentAt: command.now.toISOString(),
            expiresAt: command.expiresAt.toISOString(),
          },
        },
      ];
    },
    RevokeMaterialsLink: (command, state) => {
      const link = linkOf(state);
      if (state.revoked) throw new DomainError('conflict', MATERIALS_MESSAGES.alreadyRevoked);
      return [
        {
          type: 'MaterialsLinkRevoked',
          data: { linkId: link.linkId, leadId: link.leadId, revokedBy: command.by, revokedAt: command.now.toISOString() },
        },
      ];
    },
    RecordMaterialsView: (command, state) => {
      const link = usableLink(state, command.now);
      return [
        { type: 'MaterialsViewed', data: { linkId: link.linkId, leadId: link.leadId, viewedAt: command.now.toISOString() } },
      ];
    },
    RecordMaterialsDownload: (command, state) => {
      const link = usableLink(state, command.now);
      return [
        {
          type: 'DueDiligenceDocumentDownloaded',
          data: {
            ...command.document,
            leadId: link.leadId,
            linkId: link.linkId,
            userId: null,
            downloadedAt: command.now.toISOString(),
          },
        },
      ];
    },
  },
);
