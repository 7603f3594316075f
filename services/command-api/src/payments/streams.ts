export const paymentStreamId = (paymentId: string) => `payment-${paymentId}`;
