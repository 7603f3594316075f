import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureReferralCode, getReferralCode, REFERRAL_STORAGE_KEY, REFERRAL_TTL_MS } from './referral';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2025, 0, 1);
let store: MemoryStorage;
const at = (ms: number) => () => ms;

beforeEach(() => {
  store = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: store, location: { search: '' } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a visitor with no stored referral', () => {
  it('records ?ref= with the time of the visit, upper-cased', () => {
    expect(captureReferralCode('?utm=x&ref=tun7k2pq', at(T0))).toEqual({ code: 'TUN7K2PQ', at: T0 });
    expect(JSON.parse(store.getItem(REFERRAL_STORAGE_KEY)!)).toEqual({ code: 'TUN7K2PQ', at: T0 });
    expect(getReferralCode(at(T0 + DAY))).toBe('TUN7K2PQ');
  });

  it.each([
    ['no ref parameter', '?utm_source=x'],
    ['an empty ref', '?ref='],
    ['a code longer than 10 characters', '?ref=ABCDEFGHIJK'],
    ['a code with symbols', '?ref=AB%3Cscript'],
  ])('records nothing for %s', (_, search) => {
    expect(captureReferralCode(search, at(T0))).toBeNull();
    expect(store.items.size).toBe(0);
    expect(getReferralCode(at(T0))).toBeUndefined();
  });

  it('reads the page address when no search is given', () => {
    vi.stubGlobal('window', { localStorage: store, location: { search: '?ref=FROMURL1' } });
    captureReferralCode(undefined, at(T0));
    expect(getReferralCode(at(T0))).toBe('FROMURL1');
  });
});

describe('a visitor who already arrived through a referral link', () => {
  beforeEach(() => {
    captureReferralCode('?ref=FIRST111', at(T0));
  });

  it('keeps the first code when a later visit carries another (first click wins)', () => {
    expect(captureReferralCode('?ref=SECOND22', at(T0 + 29 * DAY))?.code).toBe('FIRST111');
    expect(getReferralCode(at(T0 + 29 * DAY))).toBe('FIRST111');
  });

  it('forgets the code once 30 days have passed', () => {
    expect(getReferralCode(at(T0 + REFERRAL_TTL_MS - 1))).toBe('FIRST111');
    expect(getReferralCode(at(T0 + REFERRAL_TTL_MS))).toBeUndefined();
    expect(store.items.size).toBe(0);
  });

  it('takes a new code after the first one expired, with a fresh 30 days', () => {
    const later = T0 + REFERRAL_TTL_MS + DAY;
    expect(captureReferralCode('?ref=SECOND22', at(later))).toEqual({ code: 'SECOND22', at: later });
    expect(getReferralCode(at(later + 29 * DAY))).toBe('SECOND22');
  });
});

describe('a stored value that cannot be trusted', () => {
  it.each([
    ['not JSON', 'FIRST111'],
    ['no timestamp', JSON.stringify({ code: 'FIRST111' })],
    ['a bad code', JSON.stringify({ code: 'bad code!', at: T0 })],
  ])('is ignored and replaced (%s)', (_, raw) => {
    store.setItem(REFERRAL_STORAGE_KEY, raw);
    expect(getReferralCode(at(T0))).toBeUndefined();
    expect(captureReferralCode('?ref=NEWCODE1', at(T0))?.code).toBe('NEWCODE1');
  });

  it('drops a timestamp far in the future, which would never age out', () => {
    store.setItem(REFERRAL_STORAGE_KEY, JSON.stringify({ code: 'FUTURE11', at: T0 + 365 * DAY }));
    expect(getReferralCode(at(T0))).toBeUndefined();
  });

  it('tolerates a clock a few hours behind the one that stored the code', () => {
    store.setItem(REFERRAL_STORAGE_KEY, JSON.stringify({ code: 'SKEWED11', at: T0 + 3 * 60 * 60 * 1000 }));
    expect(getReferralCode(at(T0))).toBe('SKEWED11');
  });
});

describe('a browser without usable storage', () => {
  it('carries no referral and does not throw', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('SecurityError');
      },
      location: { search: '?ref=ABC' },
    });
    expect(captureReferralCode('?ref=ABC', at(T0))).toBeNull();
    expect(getReferralCode(at(T0))).toBeUndefined();
  });
});
