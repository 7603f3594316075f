import { describe, expect, it } from 'vitest';
import { actorLabel, subjectLabel } from '../lib/audit-labels';
import { adminAuditLogKey, EMPTY_AUDIT_FILTERS } from './audit-api';

describe('adminAuditLogKey', () => {
  it('asks for one page, newest first, with no filter when none is set', () => {
    expect(adminAuditLogKey(EMPTY_AUDIT_FILTERS)).toBe('/api/admin/audit-log?limit=50');
  });

  it('sends only the filters that are set, trimmed, and the cursor of the page', () => {
    const key = adminAuditLogKey(
      { ...EMPTY_AUDIT_FILTERS, kind: 'payment.approved', actor: '  ops-lead ', subjectId: ' ', from: '2026-11-01' },
      'YWZ0ZXIuNDI',
    );
    expect(new URL(key, 'http://x').searchParams.toString()).toBe(
      'kind=payment.approved&actor=ops-lead&from=2026-11-01&limit=50&cursor=YWZ0ZXIuNDI',
    );
  });
});

describe('the audit labels', () => {
  it('names the admin account, and others by role and short id', () => {
    expect(actorLabel({ actorKind: 'admin', actorId: 'ops-lead' })).toBe('ops-lead');
    expect(actorLabel({ actorKind: 'investor', actorId: '1a1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f02' })).toBe('An investor');
    expect(actorLabel({ actorKind: 'investor', actorId: '1a1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f02', actorName: 'Ada Obi' })).toBe(
      'Ada Obi',
    );
    expect(actorLabel({ actorKind: 'contact', actorId: 'c0ffee'.repeat(10) })).toBe('A contact');
    expect(actorLabel({ actorKind: 'system', actorId: null })).toBe('System (configuration)');
  });

  it('names a subject by its person, an application by its number, and never shows a uuid or a digest', () => {
    const payment = { subjectType: 'payment', subjectId: '1a1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f02' } as const;
    expect(subjectLabel({ ...payment, subjectName: 'Ada Obi' })).toBe('Payment: Ada Obi');
    expect(subjectLabel({ ...payment, subjectName: null })).toBe('Payment');
    expect(subjectLabel({ subjectType: 'application', subjectId: 'APP-2024-000007' })).toBe('Application APP-2024-000007');
    expect(subjectLabel({ subjectType: 'consent', subjectId: 'c0ffee'.repeat(10) })).toBe('Contact');
  });
});
