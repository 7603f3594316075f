import { validApplication, validLead, validSaleReport } from '@acres/fixtures';
import { chance, mutate, ODD_STRINGS, pick, RAW_BODIES, randomValue, type Random } from './random.ts';

export type FuzzRoute = { method: string; url: string };

export type FuzzCredentials = {
  /** `Basic …` of the admin. */
  adminAuthorization: string;
  /** `acres.sid=…` of a signed-in investor who is also an affiliate. */
  sessionCookie: string;
};

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
};

const UUID = '0f8e8a52-2c3b-4c5e-9d1a-3b2c1d0e9f8a';

export const AFFILIATE_REGISTRATION = {
  full_name: 'Ada Obi',
  phone_number: '08031234567',
  bank_name: 'Access Bank',
  account_number: '0123456789',
  account_name: 'Ada Obi',
  marketing_experience: 'beginner',
  marketing_channels: 'WhatsApp groups and church friends',
  agree_terms: true,
};

/** Near-valid bodies, so mutations reach the handlers and not only the schema. */
export { DOCUMENT_SAMPLES } from '../room-calls.ts';

export const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /api/admin/affiliates/:userId/suspend': () => ({ reason: 'Sales could not be verified' }),
  'POST /api/admin/affiliates/:userId/reactivate': () => ({ notes: 'Explained' }),
  'POST /api/admin/payouts': () => ({ upTo: '2026-06-30', saleIds: ['6b6f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f07'] }),
  'POST /api/admin/payouts/:id/paid': () => ({ transferReference: 'GTB-0042' }),
  'POST /api/leads': () => validLead(),
  'POST /api/subscriptions': () => validApplication(),
  'POST /api/auth/signup': () => ({ email: 'fuzz@example.com', password: 'correct horse 42', firstName: 'Ada', lastName: 'Obi' }),
  'POST /api/auth/signin': () => ({ email: 'fuzz@example.com', password: 'correct horse 42' }),
  'POST /api/auth/password-reset': () => ({ email: 'fuzzer@example.com' }),
  'POST /api/auth/password-reset/confirm': () => ({ token: `${'A'.repeat(43)}.${'B'.repeat(43)}`, password: 'correct horse 43' }),
  'POST /api/auth/verify-email': () => ({ token: `${'A'.repeat(43)}.${'B'.repeat(43)}` }),
  'POST /api/payments': () => ({ acres: 2, amount: 7_000_000, proofImagePath: `/objects/uploads/${UUID}` }),
  'PUT /api/admin/payments/:id/status': () => ({ status: 'approved', adminNotes: 'ok' }),
  'PUT /api/admin/affiliate-sales/:id/status': () => ({ status: 'verified', notes: 'ok' }),
  'POST /api/admin/subscriptions/:id/approve': () => ({
    amountVerified: 87_500_000,
    escrowReceiptNumber: 'ESC-0001',
    notes: 'ok',
  }),
  'POST /api/admin/subscriptions/:id/reject': () => ({ amountVerified: null, escrowReceiptNumber: null, notes: 'No transfer' }),
  'POST /api/affiliate/register': () => AFFILIATE_REGISTRATION,
  'POST /api/affiliate/report-sale': () => validSaleReport(),
  'POST /api/objects/upload': () => ({ purpose: 'payment-proof' }),
  'POST /api/admin/projections/:name/rebuild': () => ({}),
  'POST /api/admin/projections/:name/resume': () => ({}),
  'POST /api/admin/projections/:name/skip': () => ({ position: '1', reason: 'fuzz' }),
  'POST /api/admin/outbox/:id/retry': () => ({}),
  'POST /api/admin/audit-log/integrity/check': () => ({}),
  // The due-diligence room: a path nobody uploaded (400 naming it), a lead and a link nobody has.
  'POST /api/admin/documents': () => ({ title: 'Survey plan', category: 'survey-plans', objectPath: `/objects/uploads/${UUID}` }),
  'POST /api/admin/documents/:id/versions': () => ({ objectPath: `/objects/uploads/${UUID}` }),
  'POST /api/admin/leads/:id/materials': () => ({}),
  'POST /api/admin/materials/:id/revoke': () => ({}),
  // The lead pipeline, on a lead nobody reserved (404 once the body passes).
  'POST /api/admin/leads/:id/owner': () => ({ ownerId: 'unassigned' }),
  'POST /api/admin/leads/:id/stage': () => ({ stage: 'lost', reason: 'Bought elsewhere' }),
  'POST /api/admin/leads/:id/activities': () => ({ kind: 'call', text: 'Called about the survey plan' }),
  'POST /api/materials/:token/views': () => ({}),
  // An id nobody has: the fuzz must not erase the records other specs' requests made.
  'POST /api/admin/erasures': () => ({ kind: 'lead', id: UUID, reason: 'fuzz' }),
  'PUT /api/me/message-preferences': () => ({ purpose: 'marketing', channel: 'email', optedOut: true }),
  'POST /api/me/phone-verification': () => ({ phoneNumber: '0803 555 0199' }),
  // Met before any code was asked for (the route is registered first), so a made-up code answers
  // 410; after a request it would be the 400 of a wrong code, which is what that answer means.
  'POST /api/me/phone-verification/confirm': () => ({ code: '123456' }),
  'POST /api/admin/consent/:kind/:id': () => ({ purpose: 'marketing', channel: 'sms', optedOut: false }),
  'POST /api/admin/staff': () => ({ email: 'fuzz-staff@example.com', displayName: 'Fuzz Staff', role: 'sales' }),
  'PUT /api/admin/staff/:id/role': () => ({ role: 'finance' }),
  'POST /api/admin/staff/:id/remove': () => ({}),
  'POST /api/staff/invitation': () => ({ token: `${'A'.repeat(43)}.${'B'.repeat(43)}` }),
  'POST /api/staff/invitation/accept': () => ({
    token: `${'A'.repeat(43)}.${'B'.repeat(43)}`,
    password: 'correct horse 44',
    totpSecret: 'JBSWY3DPEHPK3PXP',
    code: '123456',
  }),
  'POST /api/staff/signin': () => ({ email: 'fuzz-staff@example.com', password: 'correct horse 44', code: '123456' }),
  'PUT /api/admin/settings': () => ({
    escrowBankName: 'Zenith Bank',
    escrowAccountName: 'Fuzz Escrow',
    escrowAccountNumber: '0000000035',
    contactPhone: '0803 123 4567',
    contactWhatsapp: '',
    contactEmail: 'fuzz@example.com',
    contactAddress: '',
    officeHours: '',
  }),
};

const PARAM_VALUES = [
  UUID,
  // Kinds of the consent routes, so their handlers are reached as well as refused.
  'lead',
  'affiliate',
  '00000000-0000-0000-0000-000000000000',
  '0F8E8A52-2C3B-4C5E-9D1A-3B2C1D0E9F8A',
  '1',
  '-1',
  '0',
  'abc',
  'a'.repeat(99),
  'a'.repeat(150),
  '%00',
  '%25',
  '%2F',
  '%2e%2e',
  '..',
  '%E2%80%A8',
  '%F0%9F%98%80',
  '%C0%AF',
  '%ff',
  '%',
  'null',
  'undefined',
  '__proto__',
  'x%20y',
  "'",
  '"',
];

/** The query keys each route reads, tried more often than the generic ones. */
const ROUTE_QUERY_KEYS: Record<string, string[]> = {
  '/api/admin/erasures/preview': ['kind', 'id'],
  '/api/login': ['returnTo'],
  '/api/admin/leads': ['limit', 'offset', 'search'],
  '/api/admin/leads/export.csv': ['search'],
  '/api/admin/subscriptions': ['limit', 'offset', 'search'],
  '/api/admin/payments': ['limit', 'offset', 'cursor', 'status', 'search', 'from', 'to', 'investor'],
  '/api/admin/payments/export.csv': ['status', 'search', 'from', 'to', 'investor'],
  '/api/admin/affiliates': ['limit', 'offset'],
  '/api/admin/affiliate-sales': ['limit', 'offset', 'status'],
  '/api/affiliate/statements': ['month', 'asOf', 'asOfDate'],
  '/api/affiliate/statements.csv': ['month', 'asOf', 'asOfDate'],
  '/api/payments': ['asOf', 'asOfDate'],
  '/api/admin/allocation': ['asOf', 'asOfDate'],
  '/api/admin/data-export': ['kind', 'id'],
  '/*': ['ref'],
};

const QUERY_KEYS = [
  'limit',
  'offset',
  'search',
  'status',
  'month',
  'returnTo',
  'page',
  'q',
  'ref',
  'state',
  'code',
  'error',
  'id',
  'format',
  '__proto__',
  'constructor',
];
const RAW_QUERIES = [
  '%',
  '%%',
  '&&&',
  '=',
  '==&=',
  'a[b]=c',
  'a[]=1&a[]=2',
  'limit=1&limit=2',
  'search=%00',
  `search=${'x'.repeat(5_000)}`,
  'month=2024-13',
  'limit=1e3',
  'offset=-1',
  ';;',
  '?',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'image/png',
  'image/jpeg',
  'application/octet-stream',
  'application/jsonx',
  ';',
  '',
];

const encodeQueryValue = (random: Random, value: string) =>
  chance(random, 0.8) ? encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) : value.replace(/[^\x21-\x7e]/g, '');

const buildPath = (random: Random, pattern: string) =>
  pattern
    .replace(/:[A-Za-z0-9_]+/g, () => pick(random, PARAM_VALUES))
    .replace(/\*/g, () =>
      pick(random, [
        '',
        'assets/x.js',
        'assets/index.js.map',
        'index.html',
        '..%2fpackage.json',
        'admin',
        'a/b/c',
        '%',
        'favicon.ico',
      ]),
    );

const buildQuery = (random: Random, route: FuzzRoute) => {
  if (chance(random, 0.3)) return '';
  if (chance(random, 0.2)) return `?${pick(random, RAW_QUERIES)}`;
  const own = ROUTE_QUERY_KEYS[route.url];
  const pairs = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
    const key = own && chance(random, 0.7) ? pick(random, own) : pick(random, QUERY_KEYS);
    const value = chance(random, 0.3)
      ? `/${pick(random, ODD_STRINGS)}${pick(random, ['', '/x', '?a=1', '#h'])}`
      : pick(random, [...ODD_STRINGS, '1', '10', '50', '2024-09', '/dashboard']);
    return `${key}=${encodeQueryValue(random, value)}`;
  });
  return `?${pairs.join('&')}`;
};

const buildHeaders = (random: Random, route: FuzzRoute, credentials: FuzzCredentials, hasBody: boolean) => {
  const headers: Record<string, string> = {};
  if (hasBody || chance(random, 0.1)) headers['content-type'] = pick(random, CONTENT_TYPES);
  const auth = random();
  if (auth < 0.35) headers.authorization = credentials.adminAuthorization;
  // Wrong credentials name another account: wrong passwords for the admin would lock the
  // admin out (the throttle counts per account) and the fuzz would stop reaching admin handlers.
  else if (auth < 0.45)
    headers.authorization = pick(random, [
      'Basic',
      'Basic !!!',
      'Basic YWRtaW4=',
      `Basic ${Buffer.from('intruder:wrong').toString('base64')}`,
      'Bearer x',
      'Digest a',
      'Basic ' + 'A'.repeat(4_000),
    ]);
  const cookie = random();
  // Logging out would end the shared session and turn every later case into a plain 401.
  if (cookie < 0.45 && !route.url.includes('logout')) headers.cookie = credentials.sessionCookie;
  else if (cookie < 0.55)
    headers.cookie = pick(random, [
      'acres.sid=',
      'acres.sid=x',
      'acres.sid=%',
      `acres.sid=${'a'.repeat(4_000)}`,
      'a=b; acres.sid=1; acres.sid=2',
      '=;=;',
      'acres.ref=%E2%80%A8',
    ]);
  if (chance(random, 0.15))
    headers['x-min-position'] = pick(random, ['0', '1', '-1', 'abc', '1e99', '99999999999999999999999', '', '1.5']);
  if (chance(random, 0.1)) headers['idempotency-key'] = pick(random, [UUID, 'x', '', 'a'.repeat(300), '%00']);
  if (chance(random, 0.1)) headers.origin = pick(random, ['http://evil.example', 'null', 'http://localhost', 'garbage', '']);
  if (chance(random, 0.05)) headers['sec-fetch-site'] = pick(random, ['cross-site', 'same-origin', 'none', 'weird']);
  if (chance(random, 0.05)) headers['x-forwarded-for'] = pick(random, ['1.2.3.4', 'garbage', '::1, 1.1.1.1', '']);
  if (chance(random, 0.05)) headers['x-forwarded-proto'] = pick(random, ['https', 'http', 'gopher', '']);
  if (chance(random, 0.05)) headers.range = pick(random, ['bytes=0-1', 'bytes=abc', 'bytes=-1', 'bytes=1-0', 'items=0-1']);
  if (chance(random, 0.05)) headers['if-none-match'] = pick(random, ['*', '"x"', 'W/"y"', '']);
  if (chance(random, 0.05)) headers.accept = pick(random, ['text/csv', '*/*', 'application/json;q=x', '']);
  if (chance(random, 0.05)) headers['x-request-id'] = pick(random, ['abc', '', 'a'.repeat(500), '../x']);
  return headers;
};

const buildBody = (random: Random, route: FuzzRoute): string | Buffer => {
  const roll = random();
  if (roll < 0.1) return pick(random, RAW_BODIES);
  if (roll < 0.15) return Buffer.from(Array.from({ length: Math.floor(random() * 2_000) }, () => Math.floor(random() * 256)));
  if (roll < 0.18) return JSON.stringify({ text: 'x'.repeat(70_000) });
  const valid = VALID_BODIES[`${route.method} ${route.url}`];
  return JSON.stringify(valid ? mutate(random, valid()) : randomValue(random));
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One malformed (sometimes well-formed) request to a route, decided by the random stream. */
export const buildFuzzRequest = (random: Random, route: FuzzRoute, credentials: FuzzCredentials): FuzzRequest => {
  const hasBody = WRITE_METHODS.has(route.method) ? chance(random, 0.95) : chance(random, 0.05);
  const request: FuzzRequest = {
    method: route.method,
    url: buildPath(random, route.url) + buildQuery(random, route),
    headers: buildHeaders(random, route, credentials, hasBody),
    // Refusals are throttled per address; spread them so the throttle does not answer everything.
    remoteAddress: `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`,
  };
  if (hasBody) request.payload = buildBody(random, route);
  return request;
};
