import { describe, it, expect } from 'vitest';
import { AdminLoginSchema, AuthUserSchema, isSafeReturnTo, SignInRequestSchema, SignUpRequestSchema } from './identity.ts';
import { issuesOf, messagesAt, parseOrThrow } from '../test/schema-issues.ts';
import { validSignUp } from '../test/index.ts';

const signUp = validSignUp({ email: 'Ada@Example.com', password: 'secret123' });

describe('SignUpRequestSchema', () => {
  it('accepts a valid sign-up and lower-cases the email', () => {
    expect(parseOrThrow(SignUpRequestSchema, signUp).email).toBe('ada@example.com');
  });

  it.each([
    ['short1', 'Password must be at least 8 characters'],
    ['', 'Password must be at least 8 characters'],
    ['abcdefgh', 'Password must contain at least one letter and one digit'],
    ['12345678', 'Password must contain at least one letter and one digit'],
    [`a1${'x'.repeat(199)}`, 'Password must be at most 200 characters'],
  ])('rejects the password %j', (password, message) => {
    expect(messagesAt(SignUpRequestSchema, { ...signUp, password }, 'password')).toEqual([message]);
  });

  it('accepts a password of exactly 8 and 200 characters', () => {
    expect(messagesAt(SignUpRequestSchema, { ...signUp, password: 'abcdefg1' }, 'password')).toEqual([]);
    expect(messagesAt(SignUpRequestSchema, { ...signUp, password: `a1${'x'.repeat(198)}` }, 'password')).toEqual([]);
  });

  it('does not trim the password', () => {
    expect(parseOrThrow(SignUpRequestSchema, { ...signUp, password: ' pass word 1 ' }).password).toBe(' pass word 1 ');
  });

  it('requires the names and a valid email', () => {
    expect(issuesOf(SignUpRequestSchema, { ...signUp, email: 'x', firstName: ' ', lastName: undefined })).toEqual([
      { path: 'email', message: 'Valid email is required' },
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
    ]);
  });
});

describe('SignInRequestSchema', () => {
  it('accepts any non-empty password so old passwords still sign in', () => {
    expect(issuesOf(SignInRequestSchema, { email: 'ada@example.com', password: 'x' })).toEqual([]);
  });

  it('requires the password', () => {
    expect(messagesAt(SignInRequestSchema, { email: 'ada@example.com', password: '' }, 'password')).toEqual([
      'Password is required',
    ]);
  });
});

describe('AdminLoginSchema', () => {
  it('requires username and password', () => {
    expect(issuesOf(AdminLoginSchema, { username: '', password: '' })).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
    expect(issuesOf(AdminLoginSchema, {})).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
    expect(issuesOf(AdminLoginSchema, { username: 'admin', password: 'pw' })).toEqual([]);
  });
});

describe('AuthUserSchema', () => {
  const user = {
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Obi',
    profileImageUrl: null,
    createdAt: '2024-09-01T10:00:00.000Z',
    updatedAt: '2024-09-01T10:00:00.000Z',
    emailVerified: false,
  };

  it('parses a user and requires a uuid id', () => {
    expect(issuesOf(AuthUserSchema, user)).toEqual([]);
    expect(issuesOf(AuthUserSchema, { ...user, id: '42' }).map((issue) => issue.path)).toEqual(['id']);
  });
});

describe('isSafeReturnTo', () => {
  it.each(['/', '/dashboard', '/affiliate/onboarding?step=2'])('accepts the same-origin path %j', (path) => {
    expect(isSafeReturnTo(path)).toBe(true);
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    'https://evil.com',
    'dashboard',
    '',
    '/a\nb',
    undefined,
    42,
    // Not printable ASCII: a Location header cannot carry them (node throws ERR_INVALID_CHAR).
    '/\u2028',
    '/dashboard\u3002x',
    '/caf\u00e9',
    '/a b',
    '/a\tb',
    '/\t/evil.com',
    '/a\u007f',
    '/a\\b',
    `/${'a'.repeat(2048)}`,
  ])('rejects %j', (value) => {
    expect(isSafeReturnTo(value)).toBe(false);
  });
});
