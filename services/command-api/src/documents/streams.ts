/** One stream per document of the due-diligence room, one per link sent to a lead. */
export const documentStreamId = (documentId: string) => `dd-document-${documentId}`;
export const materialsLinkStreamId = (linkId: string) => `materials-link-${linkId}`;
