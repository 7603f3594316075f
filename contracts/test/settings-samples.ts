// Settings as a site shows them before the owner has set anything (import from '@acres/contracts/test').

import type { ProjectFacts } from '../src/project-facts.ts';

/** The project's facts when none is set: each null, and no photo. */
export const NO_PROJECT_FACTS: ProjectFacts = {
  location: null,
  mapUrl: null,
  titleType: null,
  titleNumber: null,
  surveyPlanNumber: null,
  companyName: null,
  cacNumber: null,
  photos: [],
};
