import { describe, expect, it } from 'vitest';
import { deliveryStateOf } from './notification.ts';

describe('deliveryStateOf', () => {
  it('calls a message kept in the local outbox held, never sent', () => {
    expect(deliveryStateOf({ status: 'sent', transport: 'outbox' })).toBe('held');
    expect(deliveryStateOf({ status: 'sent', transport: 'smtp' })).toBe('sent');
    expect(deliveryStateOf({ status: 'failed', transport: 'termii' })).toBe('failed');
    expect(deliveryStateOf({ status: 'suppressed', transport: 'outbox' })).toBe('suppressed');
  });
});
