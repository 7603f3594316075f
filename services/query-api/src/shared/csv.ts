// RFC 4180 CSV cells, made safe to open in a spreadsheet.

import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type CsvValue = string | number | boolean | null | undefined;

// A spreadsheet treats a cell starting with one of these as a formula (tab and CR
// because some spreadsheets strip them and then see the formula behind them).
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Leading apostrophe: the spreadsheet shows the text instead of evaluating it. */
export const neutraliseFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

export const encodeCsvCell = (value: CsvValue): string => {
  if (value === null || value === undefined) return '';
  // Numbers and booleans come from our own typed columns, never from user text.
  if (typeof value !== 'string') return String(value);
  const safe = neutraliseFormula(value);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export const encodeCsvRow = (cells: readonly CsvValue[]) => `${cells.map(encodeCsvCell).join(',')}\r\n`;

/** Byte order mark: without it Excel reads UTF-8 as the local code page and garbles names. */
export const UTF8_BOM = '\uFEFF';

/** A CSV download: the body (text or a stream) under `fileName`. */
export const sendCsv = (reply: FastifyReply, fileName: string, body: string | Readable) =>
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(body);
