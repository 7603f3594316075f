import { describe, expect, it } from 'vitest';
import { fallbackLeadsFilename, filenameFromContentDisposition } from './csv-filename';

describe('fallbackLeadsFilename', () => {
  it('names the file after the Lagos calendar day, zero-padded', () => {
    expect(fallbackLeadsFilename(new Date('2025-01-07T22:59:00Z'))).toBe('leads-2025-01-07.csv');
    expect(fallbackLeadsFilename(new Date('2025-01-07T23:30:00Z'))).toBe('leads-2025-01-08.csv');
  });
});

describe('filenameFromContentDisposition', () => {
  it('reads a quoted filename', () => {
    expect(filenameFromContentDisposition('attachment; filename="leads-2025-03-02.csv"')).toBe('leads-2025-03-02.csv');
  });

  it('reads an unquoted filename', () => {
    expect(filenameFromContentDisposition('attachment; filename=leads-2025-03-02.csv')).toBe('leads-2025-03-02.csv');
  });

  it('prefers the RFC 5987 filename* form', () => {
    expect(filenameFromContentDisposition(`attachment; filename="fallback.csv"; filename*=UTF-8''leads%20%E2%82%A6.csv`)).toBe(
      'leads ₦.csv',
    );
  });

  it('falls back to filename when filename* is malformed', () => {
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''%E2%82; filename="ok.csv"`)).toBe('ok.csv');
  });

  it('removes path separators and control characters', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd\u0007"')).toBe('.._.._etc_passwd');
  });

  it('answers null when there is no usable name', () => {
    expect(filenameFromContentDisposition(null)).toBeNull();
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename=""')).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename=".."')).toBeNull();
  });
});
