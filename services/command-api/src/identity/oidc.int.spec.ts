import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browse, CookieJar, formAction, startTestProvider, type TestProvider } from '../../test/oidc-test-provider.ts';
import {
  postJson,
  sessionCookieFrom,
  startIdentityHarness,
  type IdentityHarness,
  signUpAndSignIn,
} from '../../test/identity-harness.ts';
import { validSignUp } from '@acres/fixtures';

const APP_ORIGIN = 'http://acres.test';
const REDIRECT_URI = `${APP_ORIGIN}/api/callback`;

describe('signing in with OpenID Connect against a real provider on loopback', () => {
  let provider: TestProvider;
  let h: IdentityHarness;

  beforeAll(async () => {
    provider = await startTestProvider({
      redirectUri: REDIRECT_URI,
      accounts: {
        ada: { email: 'Ada.Oidc@Example.com', givenName: 'Ada', familyName: 'Lovelace' },
        bola: { email: 'bola@example.com', givenName: 'Bola' },
        eve: { email: 'eve@example.com', emailVerified: false },
      },
    });
    h = await startIdentityHarness({
      adminUrl: inject('pgAdminUrl'),
      projector: true,
      identity: {
        oidc: {
          issuerUrl: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          redirectUrl: REDIRECT_URI,
        },
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await provider?.close();
  });

  /** The app's /api/login, the provider's login and consent pages, and back: the callback URL and the app's cookies. */
  const loginAtProvider = async (options: { account: string; returnTo: string; consent?: boolean }) => {
    const appJar = new CookieJar();
    const start = await h.app.inject({
      method: 'GET',
      url: `/api/login?returnTo=${encodeURIComponent(options.returnTo)}`,
      headers: { host: 'acres.test' },
    });
    expect(start.statusCode).toBe(302);
    appJar.store([start.headers['set-cookie']].flat().filter((c): c is string => typeof c === 'string'));
    const authorizeUrl = new URL(start.headers.location!);
    expect(authorizeUrl.origin).toBe(provider.issuer);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);

    const providerJar = new CookieJar();
    const loginPage = await browse(providerJar, authorizeUrl.href);
    if (loginPage.kind !== 'page') throw new Error('expected the login page');
    let step = await browse(providerJar, formAction(loginPage), {
      method: 'POST',
      form: { prompt: 'login', login: options.account, password: 'any' },
    });
    if (options.consent === false && step.kind !== 'page') throw new Error('expected the consent page, to decline it');
    if (step.kind === 'page') {
      // The consent page: every login here starts a fresh provider session, so it always comes.
      if (options.consent === false) {
        step = await browse(providerJar, `${formAction(step)}/abort`);
      } else {
        step = await browse(providerJar, formAction(step), { method: 'POST', form: { prompt: 'consent' } });
      }
    }
    if (step.kind !== 'left')
      throw new Error(`expected a redirect back to the app, got ${step.status}: ${step.html.slice(0, 300)}`);
    expect(step.url.origin + step.url.pathname).toBe(REDIRECT_URI);
    return { callback: `${step.url.pathname}${step.url.search}`, appJar };
  };

  const callback = (url: string, cookie: string) => h.app.inject({ method: 'GET', url, headers: { host: 'acres.test', cookie } });

  it("registers a new user from the provider's claims, signs them in and returns to returnTo", async () => {
    const { callback: url, appJar } = await loginAtProvider({ account: 'ada', returnTo: '/dashboard' });
    const done = await callback(url, appJar.header());
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/dashboard');
    const cookie = sessionCookieFrom(done.headers['set-cookie'])!;
    expect(cookie).toMatch(/^acres\.sid=/);
    expect(String(done.headers['set-cookie'])).toContain('acres.oidc=; Max-Age=0; Path=/api/callback');

    const me = await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'ada.oidc@example.com' });
    const events = await h.eventStore.readStream(`user-${me.json().id}`);
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ email: 'ada.oidc@example.com', firstName: 'Ada', lastName: 'Lovelace', authProvider: 'oidc' }),
      // The provider asserts email_verified: the address counts as the account's from the start.
      expect.objectContaining({ email: 'ada.oidc@example.com', method: 'provider' }),
    ]);
    const { rows } = await h.db.pool.query("SELECT password_hash FROM credentials WHERE email_lower = 'ada.oidc@example.com'");
    expect(rows).toEqual([{ password_hash: '' }]);
  });

  it('signs the same person into the same account the next time, registering nothing new', async () => {
    const before = (await h.eventStore.readAll({ maxCount: 10_000 })).filter((e) => e.type === 'UserRegistered').length;
    const { callback: url, appJar } = await loginAtProvider({ account: 'ada', returnTo: '/' });
    const done = await callback(url, appJar.header());
    expect(done.statusCode).toBe(302);
    const after = (await h.eventStore.readAll({ maxCount: 10_000 })).filter((e) => e.type === 'UserRegistered').length;
    expect(after).toBe(before);
  });

  it('signs into an existing built-in account with the same (verified) email', async () => {
    const signUp = await signUpAndSignIn(h.app, validSignUp({ email: 'bola@example.com', firstName: 'Bola' }));
    const { callback: url, appJar } = await loginAtProvider({ account: 'bola', returnTo: '/affiliate/onboarding' });
    const done = await callback(url, appJar.header());
    expect(done.headers.location).toBe('/affiliate/onboarding');
    const me = await h.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: sessionCookieFrom(done.headers['set-cookie'])! },
    });
    expect(me.json().id).toBe(signUp.json().user.id);
    // …and the built-in password still works.
    expect(
      (await postJson(h.app, '/api/auth/signin', { email: 'bola@example.com', password: validSignUp().password })).statusCode,
    ).toBe(200);
  });

  it('replaces an off-site returnTo with /', async () => {
    const { callback: url, appJar } = await loginAtProvider({ account: 'ada', returnTo: '//evil.com/steal' });
    expect((await callback(url, appJar.header())).headers.location).toBe('/');
  });

  it("refuses a callback used twice, and one without this browser's state cookie", async () => {
    const { callback: url, appJar } = await loginAtProvider({ account: 'ada', returnTo: '/' });
    const stranger = await callback(url, '');
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().detail).toMatch(/^This sign-in was not started from this browser/);
    expect(stranger.headers['set-cookie']).toBeUndefined();
    expect((await callback(url, appJar.header())).statusCode).toBe(302);
    const replay = await callback(url, appJar.header());
    expect(replay.statusCode).toBe(400);
    expect(replay.json().detail).toMatch(/expired or was already used/);
  });

  it('answers 403 when the person declines at the provider', async () => {
    const { callback: url, appJar } = await loginAtProvider({ account: 'bola', returnTo: '/', consent: false });
    const done = await callback(url, appJar.header());
    expect(done.statusCode).toBe(403);
    expect(done.json().detail).toBe('The sign-in provider did not sign you in');
  });

  it('refuses an email the provider has not verified', async () => {
    const { callback: url, appJar } = await loginAtProvider({ account: 'eve', returnTo: '/' });
    const done = await callback(url, appJar.header());
    expect(done.statusCode).toBe(403);
    expect(done.json().detail).toBe('The sign-in provider has not verified your email address');
    expect(sessionCookieFrom(done.headers['set-cookie'])).toBeNull();
  });
});
