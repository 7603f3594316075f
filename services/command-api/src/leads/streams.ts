export const leadStreamId = (leadId: string) => `lead-${leadId}`;
