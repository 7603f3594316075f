// oidc-provider ships no types; this is the little of it the end-to-end test uses.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  type Account = { accountId: string; claims: (use: string, scope: string) => Promise<Record<string, unknown>> };

  export type Configuration = {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>;
    features?: Record<string, unknown>;
    pkce?: { required?: () => boolean };
    cookies?: { keys?: string[] };
    [key: string]: unknown;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    listen(port: number): Server;
  }
}
