// RFC 4180 CSV cells, made safe to open in a spreadsheet.

import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { lagosDayIso } from '@acres/contracts/lagos-time';
import { toE164 } from '@acres/contracts/phone';

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

/**
 * A Nigerian mobile in a spreadsheet cell: '0803 555 0142'. The E.164 form starts with '+',
 * which a spreadsheet reads as a formula or a number (losing the plus, or showing 2.34E+12),
 * and neutralising it shows a stray apostrophe; the national form with spaces stays text in
 * Excel and Google Sheets alike, leading zero kept. Anything else is written as stored.
 */
export const formatCsvPhone = (phone: string | null | undefined): string | null => {
  if (!phone) return null;
  const national = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(toE164(phone));
  return national ? `0${national[1]} ${national[2]} ${national[3]}` : phone;
};

/** `leads-2026-11-26.csv`: a download is named with the Lagos day it was taken, as every time in the files is Lagos time. */
export const csvFileName = (prefix: string, now: Date, suffix = '') => `${prefix}-${lagosDayIso(now)}${suffix}.csv`;

/** Byte order mark: without it Excel reads UTF-8 as the local code page and garbles names. */
export const UTF8_BOM = '\uFEFF';

/** A CSV download: the body (text or a stream) under `fileName`. */
export const sendCsv = (reply: FastifyReply, fileName: string, body: string | Readable) =>
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(body);
