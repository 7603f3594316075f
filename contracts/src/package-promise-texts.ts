// The promise of the due-diligence package in the lead's confirmation (the notifier), the
// success dialog and the lead dialog: the same rule as package-promise.ts.

import { RESPONSE_PROMISE_HOURS } from './constants.ts';
import type { PackagePromise } from './package-promise.ts';

export * from './package-promise.ts';

const WITHIN = `within ${RESPONSE_PROMISE_HOURS} hours`;
const PACKAGE =
  'title verification, survey plans, environmental assessment, zoning confirmation and development potential analysis';

export const TEAM_CONTACT_PROMISE: PackagePromise = {
  ready: `Our team will contact you ${WITHIN} with due diligence materials.`,
  preparing: `Our team will contact you ${WITHIN}. The due diligence materials are being prepared; we will send them as soon as they are ready.`,
};

export const TEAM_CONTACT_DETAIL_PROMISE: PackagePromise = {
  ready: `Our team will contact you ${WITHIN} with the due diligence materials: ${PACKAGE}.`,
  preparing: `Our team will contact you ${WITHIN}. The due diligence materials (${PACKAGE}) are being prepared; we will send them as soon as they are ready, before anything is payable.`,
};

export const LEAD_DIALOG_PROMISE: PackagePromise = {
  ready: `Tell us about your interest. We respond ${WITHIN} with due diligence materials.`,
  preparing: `Tell us about your interest. We respond ${WITHIN}, and send the due diligence materials as soon as they are ready.`,
};
