import {
  APPLICATION_STEP_FIELDS,
  type ApplicationField,
  type ApplicationFormDefaults,
  type ApplicationStep,
} from '@acres/contracts';

export const FIRST_STEP: ApplicationStep = 1;
export const LAST_STEP: ApplicationStep = 5;

/** What the wizard holds while editing: the form defaults' shape, possibly partial. */
export type WizardValues = Partial<Record<keyof ApplicationFormDefaults, unknown>>;

/**
 * Every field each step shows, required or not. Next validates all of them, so an
 * over-long optional value is reported on its own step rather than after Submit.
 */
export const STEP_FORM_FIELDS: Readonly<Record<ApplicationStep, readonly ApplicationField[]>> = {
  1: [...APPLICATION_STEP_FIELDS[1], 'otherName', 'workAddress', 'religion', 'passportPhotoUrl'],
  2: APPLICATION_STEP_FIELDS[2],
  3: APPLICATION_STEP_FIELDS[3],
  // The version of the text step 4 shows travels with its checkbox.
  4: [...APPLICATION_STEP_FIELDS[4], 'acknowledgmentVersion'],
  5: ['realtorName', 'realtorMobile', 'realtorEmail'],
};

const STEPS: readonly ApplicationStep[] = [1, 2, 3, 4, 5];

/**
 * "Filled" in the SPEC 4 sense: text with a non-blank character, a chosen option, a
 * number above zero, a ticked box. Whether the value is also *valid* is the schema's
 * job when Next is pressed.
 */
export function isValueFilled(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value) && value > 0;
  if (typeof value === 'boolean') return value;
  return value !== undefined && value !== null;
}

/** SPEC 4: Next is enabled once every required field of the step is filled; step 5 always. */
export function isStepFilled(step: ApplicationStep, values: WizardValues): boolean {
  return APPLICATION_STEP_FIELDS[step].every((field) => isValueFilled(values[field]));
}

/** The step that shows a field; undefined for names the wizard does not know. */
export function stepOfField(field: string): ApplicationStep | undefined {
  return STEPS.find((step) => (STEP_FORM_FIELDS[step] as readonly string[]).includes(field));
}

/** The earliest step showing one of these fields (e.g. the server's 400 field errors). */
export function firstStepWithError(fields: Iterable<string>): ApplicationStep | undefined {
  let first: ApplicationStep | undefined;
  for (const field of fields) {
    const step = stepOfField(field);
    if (step !== undefined && (first === undefined || step < first)) first = step;
  }
  return first;
}

export function nextStep(step: ApplicationStep): ApplicationStep {
  return step < LAST_STEP ? ((step + 1) as ApplicationStep) : LAST_STEP;
}

export function previousStep(step: ApplicationStep): ApplicationStep {
  return step > FIRST_STEP ? ((step - 1) as ApplicationStep) : FIRST_STEP;
}
