import { describe, expect, it } from 'vitest';
import { encodeCsvCell, encodeCsvRow } from './csv.ts';

describe('a CSV cell', () => {
  it('stays as it is when plain', () => {
    expect(encodeCsvCell('Ada Obi')).toBe('Ada Obi');
    expect(encodeCsvCell(25)).toBe('25');
    expect(encodeCsvCell(null)).toBe('');
    expect(encodeCsvCell(undefined)).toBe('');
  });

  it('is quoted, with quotes doubled, when it holds a comma, quote or line break', () => {
    expect(encodeCsvCell('Obi, Ada')).toBe('"Obi, Ada"');
    expect(encodeCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(encodeCsvCell('a\nb')).toBe('"a\nb"');
    expect(encodeCsvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each(['=1+1', '+234', '-2', '@SUM(A1)', '\t=1', '\r=1'])(
    'gets a leading apostrophe when it starts like a formula: %j',
    (text) => {
      expect(encodeCsvCell(text).replace(/^"/, '')).toMatch(/^'/);
    },
  );

  it('neutralises and quotes a formula that also holds a comma or quote', () => {
    expect(encodeCsvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });

  it('leaves a formula character that is not first alone', () => {
    expect(encodeCsvCell('a=b')).toBe('a=b');
    expect(encodeCsvCell(' =1')).toBe(' =1');
  });
});

describe('a CSV row', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(encodeCsvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});
