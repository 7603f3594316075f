/** A seeded generator (mulberry32): a failing case is reproduced from its seed alone. */
export type Random = () => number;

export const createRandom =
  (seed: number): Random =>
  () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
export const chance = (random: Random, p: number) => random() < p;

export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '0x10',
  '007',
  '😀'.repeat(50),
  '\u2028\u2029',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'e\u0301',
  '\ud800',
  '\udfff\ud800',
  '\ufeff',
  '\uffff',
  'a'.repeat(5_000),
  'ж'.repeat(3_000),
  '<script>alert(1)</script>',
  "'; DROP TABLE events;--",
  '%',
  '%00',
  '%E2%80%A8',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  '${7*7}',
  '{{7*7}}',
  '\\',
  '//evil.com',
  'javascript:alert(1)',
  '\r\nX-Injected: 1',
  '2024-02-30',
  '2024-13',
  '9999-99-99T99:99:99Z',
  '1970-01-01T00:00:00.000Z',
  'approved',
  'rejected',
  'pending',
  '3.5M',
  'adaeze@example.ng',
  'a@b',
  '@',
  '+2348031234567',
  '0803 123 4567',
  '0f8e8a52-2c3b-4c5e-9d1a-3b2c1d0e9f8a',
  '00000000-0000-0000-0000-000000000000',
];

export const ODD_NUMBERS = [
  0,
  -1,
  1,
  1.5,
  25,
  200,
  201,
  3_500_000,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  2 ** 53,
  1e-9,
  -0,
];

/** A random JSON value, nested at most a few levels. */
export const randomValue = (random: Random, depth = 0): unknown => {
  switch (Math.floor(random() * (depth > 2 ? 5 : 7))) {
    case 0:
      return null;
    case 1:
      return chance(random, 0.5);
    case 2:
      return pick(random, ODD_NUMBERS);
    case 3:
      return pick(random, ODD_STRINGS);
    case 4:
      return Math.floor(random() * 1000) - 500;
    case 5:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, (_, i) => [
          pick(random, ['k', '__proto__', 'constructor', 'id', 'status'] as const) + i,
          randomValue(random, depth + 1),
        ]),
      );
  }
};

/** A valid body with a few fields replaced or removed, sometimes a wholly random value. */
export const mutate = (random: Random, valid: Record<string, unknown>): unknown => {
  if (chance(random, 0.15)) return randomValue(random);
  const body: Record<string, unknown> = { ...valid };
  const keys = Object.keys(valid);
  if (keys.length === 0) return chance(random, 0.5) ? body : randomValue(random);
  for (let i = 1 + Math.floor(random() * 3); i > 0; i -= 1) {
    const key = pick(random, keys);
    if (chance(random, 0.2)) delete body[key];
    else body[key] = randomValue(random);
  }
  if (chance(random, 0.1)) body.unexpected = randomValue(random);
  return body;
};

export const RAW_BODIES = [
  '{',
  '}',
  '{"a":1,}',
  '[1,2',
  '\u0000',
  'undefined',
  'null',
  '[]',
  '""',
  '1',
  '{"a":1e999999}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  'a=1&b=2',
];
