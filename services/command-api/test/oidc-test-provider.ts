// A real OpenID provider (oidc-provider) on loopback for the end-to-end test, and a
// tiny browser: fetch with manual redirects and a cookie jar, to drive its login and
// consent forms.

import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { findFreePort } from '@acres/platform/net';

export type TestAccount = { email: string; emailVerified?: boolean; givenName?: string; familyName?: string };

export type TestProvider = { issuer: string; clientId: string; clientSecret: string; close: () => Promise<void> };

export const startTestProvider = async (options: {
  redirectUri: string;
  accounts: Record<string, TestAccount>;
}): Promise<TestProvider> => {
  const port = await findFreePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'acres-test';
  const clientSecret = 'acres-test-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: async (_ctx, id) => {
      const account = options.accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          ...(account.givenName ? { given_name: account.givenName } : {}),
          ...(account.familyName ? { family_name: account.familyName } : {}),
        }),
      };
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-key-0123456789'] },
  });
  // The development interactions warn loudly on stdout; the test knows.
  const server: Server = provider.listen(port);
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** Cookies by name; enough for one provider and one app in a test. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string) {
    return this.cookies.get(name);
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Follows the provider's redirects until one leaves it (to the app's callback). */
export const browse = async (jar: CookieJar, url: string, init: { method?: string; form?: Record<string, string> } = {}) => {
  let current = url;
  let method = init.method ?? 'GET';
  let body: string | undefined = init.form ? new URLSearchParams(init.form).toString() : undefined;
  for (let hops = 0; hops < 20; hops += 1) {
    const response = await fetch(current, {
      method,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body } : {}),
    });
    jar.store(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, current);
      if (next.origin !== new URL(url).origin) return { kind: 'left' as const, url: next };
      current = next.href;
      method = 'GET';
      body = undefined;
      continue;
    }
    return { kind: 'page' as const, url: current, status: response.status, html: await response.text() };
  }
  throw new Error('too many redirects');
};

/** The action URL of the page's form. */
export const formAction = (page: { url: string; html: string }) => {
  const match = /<form[^>]*action="([^"]+)"/.exec(page.html);
  if (!match) throw new Error(`no form on ${page.url}: ${page.html.slice(0, 300)}`);
  return new URL(match[1]!.replaceAll('&amp;', '&'), page.url).href;
};
