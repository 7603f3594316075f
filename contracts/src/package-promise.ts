// The promise of the due-diligence package (issue 27), by the rule of the message copy: SPEC's
// words while the room holds a document to send (PublicSettings.packageReady); until then, what
// will happen instead. The texts are in package-promise-texts.ts.

export type PackagePromise = { readonly ready: string; readonly preparing: string };

/** The landing page's call to action: SPEC's sentence word for word once the package can be sent. */
export const LANDING_PROMISE: PackagePromise = {
  ready: 'Reserve yours today and receive the full due-diligence package before you commit a single naira.',
  preparing:
    'Reserve yours today: the due-diligence package is being prepared, and you will receive it before you commit a single naira.',
};

/** The text of a promise, as the room stands: `ready` once a document has been uploaded. */
export const packagePromise = (promise: PackagePromise, ready: boolean): string => (ready ? promise.ready : promise.preparing);
