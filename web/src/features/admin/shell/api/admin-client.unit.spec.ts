import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminObjectUrl, fetchAdminCounters, isAdminKey, STALE_READ_HEADER } from './admin-client';

describe('admin SWR keys', () => {
  it('recognises only admin keys', () => {
    expect(isAdminKey('/api/admin/counters')).toBe(true);
    expect(isAdminKey('/api/payments')).toBe(false);
    expect(isAdminKey(['/api/admin/leads'])).toBe(false);
  });
});

describe('adminObjectUrl', () => {
  it('puts an uploaded object under /api', () => {
    expect(adminObjectUrl('/objects/uploads/3c5e1d8b-2f1a-4c59-9f43-0c9c8f1b2a10')).toBe(
      '/api/objects/uploads/3c5e1d8b-2f1a-4c59-9f43-0c9c8f1b2a10',
    );
  });

  it('refuses paths that could send the admin credentials somewhere else', () => {
    for (const path of [
      '/objects/../admin/leads/export.csv',
      '/objects/uploads/a?x=1',
      '//evil.example/objects/uploads/a',
      'https://evil.example/objects/uploads/a',
      'objects/uploads/a',
      '/objects/',
      '',
      null,
      undefined,
    ]) {
      expect(adminObjectUrl(path), String(path)).toBeNull();
    }
  });
});

describe('an admin read answered before the read model caught up', () => {
  const counters = (pending: number) => ({
    totalLeads: 0,
    totalApplications: 0,
    totalPayments: 2,
    pendingApprovals: pending,
    approvedPayments: 2 - pending,
    pendingApplications: 0,
  });
  const answer = (body: unknown, stale: boolean) =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', ...(stale ? { [STALE_READ_HEADER]: 'true' } : {}) },
    });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is asked for again until a fresh answer comes', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(counters(2), true))
      .mockResolvedValueOnce(answer(counters(1), false));
    vi.stubGlobal('fetch', fetch);
    await expect(fetchAdminCounters('Basic x')).resolves.toMatchObject({ pendingApprovals: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(new Headers(fetch.mock.calls[0]![1].headers).get('authorization')).toBe('Basic x');
  });

  it('is used as it is after three stale answers', async () => {
    const fetch = vi.fn().mockImplementation(async () => answer(counters(2), true));
    vi.stubGlobal('fetch', fetch);
    await expect(fetchAdminCounters('Basic x')).resolves.toMatchObject({ pendingApprovals: 2 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
