import { describe, expect, it } from 'vitest';
import { fallbackLeadsFilename, filenameFromContentDisposition } from './csv-filename';

describe('fallbackLeadsFilename', () => {
  it('names the file after the Lagos calendar day, zero-padded', () => {
    expect(fallbackLeadsFilename(new Date('2025-01-07T22:59:00Z'))).toBe('leads-2025-01-07.csv');
    expect(fallbackLeadsFilename(new Date('2025-01-07T23:30:00Z'))).toBe('leads-2025-01-08.csv');
  });
});

describe('filenameFromContentDisposition', () => {
  it.each([
    ['reads a quoted filename', 'attachment; filename="leads-2025-03-02.csv"', 'leads-2025-03-02.csv'],
    ['reads an unquoted filename', 'attachment; filename=leads-2025-03-02.csv', 'leads-2025-03-02.csv'],
    [
      'prefers the RFC 5987 filename* form',
      `attachment; filename="fallback.csv"; filename*=UTF-8''leads%20%E2%82%A6.csv`,
      'leads ₦.csv',
    ],
    ['falls back to filename when filename* is malformed', `attachment; filename*=UTF-8''%E2%82; filename="ok.csv"`, 'ok.csv'],
    ['removes path separators and control characters', 'attachment; filename="../../etc/passwd\u0007"', '.._.._etc_passwd'],
  ])('%s', (_name, header, filename) => {
    expect(filenameFromContentDisposition(header)).toBe(filename);
  });

  it('answers null when there is no usable name', () => {
    for (const header of [null, 'attachment', 'attachment; filename=""', 'attachment; filename=".."']) {
      expect(filenameFromContentDisposition(header)).toBeNull();
    }
  });
});
