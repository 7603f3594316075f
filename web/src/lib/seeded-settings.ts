import type { PublicSettings } from '@acres/contracts/settings-reads';

// The public settings a page's HTML was rendered with (the server renders the public pages
// with the owner's terms and contacts: services/standalone/src/live-pages.ts). The first
// client render starts from them, so hydration meets the same figures the HTML shows and
// nothing flashes from SPEC's defaults to the owner's. Without them (a build-time page, or
// no server), pages start in their loading state as before.

// On globalThis, not in a module variable: the server imports the pages' entry under a URL of
// its own (services/standalone/src/live-pages.ts), and a lazy page's chunk imports the entry's
// modules again under their plain URL, a second copy of this module.
type SeedHolder = { __acresSeededSettings?: PublicSettings | undefined };

export const seedSettings = (settings: PublicSettings | undefined) => {
  (globalThis as SeedHolder).__acresSeededSettings = settings;
};

export const seededSettings = (): PublicSettings | undefined => (globalThis as SeedHolder).__acresSeededSettings;

/** The settings #root carries (`data-settings`, JSON), or undefined when it carries none or they do not parse. */
export const readSettingsOf = (container: HTMLElement): PublicSettings | undefined => {
  const text = container.dataset.settings;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PublicSettings;
  } catch {
    return undefined;
  }
};
