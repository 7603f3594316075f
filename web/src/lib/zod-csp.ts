// The site's Content-Security-Policy forbids eval. Zod compiles object parsers with
// Function() unless told not to, and even its probe for that makes the browser report a
// violation; its interpreted parsers are fast enough for our forms.
//
// Zod reads its configuration from globalThis.__zod_globalConfig (one object shared by every
// copy of zod) when it builds a schema, so it is set here, before any schema exists, without
// importing zod: the landing page needs zod only for its dialogs and its footer's settings,
// and loads it after its first paint (24 KB gzipped, issue 29). zod-csp.unit.spec.ts checks
// that zod still reads it from there.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const zodConfig = ((globalThis as ZodGlobal).__zod_globalConfig ??= {});
zodConfig.jitless = true;
