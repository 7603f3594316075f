// The promise of the due-diligence package (issue 27), by the rule of the message copy: SPEC's
// words while the room holds a document to send (PublicSettings.packageReady); until then, what
// will happen instead. The landing page's own text lives here, without an import, so its entry
// bundle carries that text alone (tests/browser/weight.browser.spec.ts); the other texts are in
// package-promise-texts.ts.

export type PackagePromise = { readonly ready: string; readonly preparing: string };

/**
 * The landing page's call to action: SPEC's sentence word for word once the package can be sent;
 * before, the same sentence saying it is being prepared. Built from shared words: the landing's
 * first load has almost no bytes to spare.
 */
export const landingPromise = (ready: boolean | undefined): string =>
  `Reserve yours today and ${ready ? 'receive the full' : 'get the'} due-diligence package${ready ? '' : ' (in preparation)'} before you commit a single naira.`;

/** The text of a promise, as the room stands: `ready` once a document has been uploaded. */
export const packagePromise = (promise: PackagePromise, ready: boolean): string => (ready ? promise.ready : promise.preparing);
