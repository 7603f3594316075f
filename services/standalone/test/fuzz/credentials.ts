import { expect } from 'vitest';
import { TEST_ADMIN, type StandaloneTestServer } from '../test-server.ts';
import { AFFILIATE_REGISTRATION, type FuzzCredentials } from './requests.ts';

/**
 * What walking every route needs to get past the guards: the admin's Basic header and the
 * session of an investor who is also an affiliate, signed up through the product as `email`.
 */
export const signUpWalker = async (server: StandaloneTestServer, email: string): Promise<FuzzCredentials> => {
  const password = 'correct horse 42';
  const signUp = await server.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { 'content-type': 'application/json' },
    payload: { email, password, firstName: 'Route', lastName: 'Walker' },
  });
  expect(signUp.statusCode, signUp.body).toBe(202);
  // Sign-up sets no session: the password signs in.
  const signIn = await server.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    headers: { 'content-type': 'application/json' },
    payload: { email, password },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const sessionCookie = String(signIn.headers['set-cookie']).match(/acres\.sid=[^;]+/)![0];
  const affiliate = await server.app.inject({
    method: 'POST',
    url: '/api/affiliate/register',
    headers: { 'content-type': 'application/json', cookie: sessionCookie },
    payload: AFFILIATE_REGISTRATION,
  });
  expect(affiliate.statusCode, affiliate.body).toBe(201);
  return {
    sessionCookie,
    adminAuthorization: `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`,
  };
};
