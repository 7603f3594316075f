import { describe, expect, it } from 'vitest';
import { adminLeadsKey } from './leads-api';

describe('lead SWR keys', () => {
  it.each([
    [
      'asks for 50 leads from the offset, without an empty search',
      { offset: 100, search: '  ' },
      '/api/admin/leads?limit=50&offset=100',
    ],
    [
      'encodes the trimmed search term',
      { offset: 0, search: ' Ada & Co ' },
      '/api/admin/leads?limit=50&offset=0&search=Ada+%26+Co',
    ],
    [
      'asks for the page after a keyset cursor instead of an offset',
      { offset: 50, cursor: 'YWZ0ZXI', search: 'ada' },
      '/api/admin/leads?limit=50&cursor=YWZ0ZXI&search=ada',
    ],
    [
      'adds the pipeline filters it is given, and none for "all", any owner or not only overdue',
      { offset: 0, search: '', stage: 'contacted' as const, owner: ' ngozi ', overdue: true },
      '/api/admin/leads?limit=50&offset=0&stage=contacted&owner=ngozi&overdue=true',
    ],
    [
      'leaves the filters out when they filter nothing',
      { offset: 0, search: '', stage: 'all' as const, owner: '', overdue: false },
      '/api/admin/leads?limit=50&offset=0',
    ],
  ])('%s', (_name, page, key) => {
    expect(adminLeadsKey(page)).toBe(key);
  });
});
