// The rules of the project facts and the business terms (issue 29, item 4), each the stored
// value of a non-empty, trimmed input or null when it is not valid, as settings.ts rules are.

import { parseTerm, TERMS_MESSAGES, type TermField } from './business-terms.ts';
import { hasControlCharacter } from './fields.ts';
import { MAX_PROJECT_PHOTOS, photoIdOf, type ProjectFactField } from './project-facts.ts';

type FieldRule = (value: string) => string | null;

const line =
  (min: number, max: number): FieldRule =>
  (value) =>
    !hasControlCharacter(value) && value.length >= min && value.length <= max ? value : null;

export const MAX_MAP_URL_LENGTH = 500;

/** An https address without credentials: the map link opens outside the site. */
const httpsUrl: FieldRule = (value) => {
  if (value.length > MAX_MAP_URL_LENGTH || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname.includes('.') ? url.href : null;
};

/** RC (company), BN (business name) or IT (incorporated trustees), then the digits; 'rc 123-4567' is 'RC1234567'. */
const cacNumber: FieldRule = (value) => {
  const compact = value.toUpperCase().replace(/[\s-]/g, '');
  return /^(RC|BN|IT)\d{1,9}$/.test(compact) ? compact : null;
};

/** One stored object path a line, each once, at most MAX_PROJECT_PHOTOS. */
const photoPaths: FieldRule = (value) => {
  const paths = value
    .split(/\r?\n/)
    .map((path) => path.trim())
    .filter((path) => path !== '');
  if (paths.length > MAX_PROJECT_PHOTOS || new Set(paths).size !== paths.length) return null;
  if (!paths.every((path) => photoIdOf(path) !== null)) return null;
  return paths.length === 0 ? null : paths.join('\n');
};

const term =
  (field: TermField): FieldRule =>
  (value) => {
    const number = parseTerm(field, value.replace(/[,_\s]/g, ''));
    return number === null ? null : String(number);
  };

export const PROJECT_FACT_RULES: Readonly<Record<ProjectFactField | TermField, FieldRule>> = {
  projectLocation: line(2, 300),
  projectMapUrl: httpsUrl,
  titleType: line(2, 100),
  titleNumber: line(1, 100),
  surveyPlanNumber: line(1, 100),
  companyName: line(2, 200),
  cacNumber,
  projectPhotos: photoPaths,
  pricePerAcre: term('pricePerAcre'),
  retailPricePerAcre: term('retailPricePerAcre'),
  projectAcres: term('projectAcres'),
  partnerCap: term('partnerCap'),
  minimumAcres: term('minimumAcres'),
};

export const PROJECT_FACT_MESSAGES: Readonly<Record<ProjectFactField | TermField, string>> = {
  projectLocation: 'Location must be 2 to 300 characters on a single line',
  projectMapUrl: 'Map link must be an https:// address',
  titleType: 'Title type must be 2 to 100 characters on a single line',
  titleNumber: 'Title number must be at most 100 characters on a single line',
  surveyPlanNumber: 'Survey plan number must be at most 100 characters on a single line',
  companyName: 'Company name must be 2 to 200 characters on a single line',
  cacNumber: 'CAC number must be RC, BN or IT followed by digits (e.g. RC1234567)',
  projectPhotos: `Photos must be at most ${MAX_PROJECT_PHOTOS} different uploaded images`,
  pricePerAcre: TERMS_MESSAGES.pricePerAcre,
  retailPricePerAcre: TERMS_MESSAGES.retailPricePerAcre,
  projectAcres: TERMS_MESSAGES.projectAcres,
  partnerCap: TERMS_MESSAGES.partnerCap,
  minimumAcres: TERMS_MESSAGES.minimumAcres,
};
