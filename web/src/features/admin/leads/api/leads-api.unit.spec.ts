import { describe, expect, it } from 'vitest';
import { adminLeadsKey } from './leads-api';

describe('lead SWR keys', () => {
  it('asks for 50 leads from the offset, without an empty search', () => {
    expect(adminLeadsKey({ offset: 100, search: '  ' })).toBe('/api/admin/leads?limit=50&offset=100');
  });

  it('encodes the trimmed search term', () => {
    expect(adminLeadsKey({ offset: 0, search: ' Ada & Co ' })).toBe('/api/admin/leads?limit=50&offset=0&search=Ada+%26+Co');
  });

  it('asks for the page after a keyset cursor instead of an offset', () => {
    expect(adminLeadsKey({ offset: 50, cursor: 'YWZ0ZXI', search: 'ada' })).toBe(
      '/api/admin/leads?limit=50&cursor=YWZ0ZXI&search=ada',
    );
  });
});
