// The promise of the due-diligence package (issue 27), by the rule of the message copy: SPEC's
// words while the room holds a document to send (PublicSettings.packageReady); until then, what
// will happen instead. The texts are in package-promise-texts.ts.

export type PackagePromise = { readonly ready: string; readonly preparing: string };

/** The text of a promise, as the room stands: `ready` once a document has been uploaded. */
export const packagePromise = (promise: PackagePromise, ready: boolean): string => (ready ? promise.ready : promise.preparing);
