import {
  computeSubscriptionValue,
  acresPriceMessage,
  acresRuleBreach,
  allocationAcresBreach,
  DEFAULT_BUSINESS_TERMS,
  type BusinessTerms,
  ACRES_SUBSCRIBED_RULE,
  APPLICATION_MESSAGES,
  type ApplicationForm,
} from '@acres/contracts';
import { DomainError, type FieldError } from '@acres/contracts/errors';
import { checkConsentVersion, consentRecorded } from '../consent/consent-given.ts';
import { createDecider } from '../decider.ts';
import { throwIfInvalid } from '../validation.ts';
import { withEmptyAsNull } from '../empty-as-null.ts';
import { formatApplicationNumber } from './application-number.ts';
import { decideOnApplication, type ApproveApplication, type RejectApplication } from './decision.ts';
import { evolveApplication, initialApplicationState, type ApplicationEvent, type ApplicationState } from './state.ts';

export type { ApproveApplication, RejectApplication } from './decision.ts';

export const DUPLICATE_APPLICATION_MESSAGE = 'An application with this email already exists';

/** The five-step form as parsed by the contract schema; acknowledgment is re-checked here. */
export type ApplicationDetails = Omit<ApplicationForm, 'acknowledgment'> & {
  acknowledgment: boolean;
  referralCode?: string | null | undefined;
};

/** `terms`: the business terms in force (SPEC's when not given): the price, the minimum allocation, the project's size. */
export type SubmitApplication = {
  type: 'SubmitApplication';
  applicationId: string;
  now: Date;
  application: ApplicationDetails;
  terms?: BusinessTerms;
};
export type ApplicationCommand = SubmitApplication | ApproveApplication | RejectApplication;

export const subscriptionValueMessage = (acres: number, terms: BusinessTerms = DEFAULT_BUSINESS_TERMS) =>
  acresPriceMessage('Subscription value', acres, terms.pricePerAcre);

const validate = (application: ApplicationDetails, terms: BusinessTerms) => {
  const errors: FieldError[] = [];
  const acres = application.acresSubscribed;
  const acresBreach = acresRuleBreach(ACRES_SUBSCRIBED_RULE, acres) ?? allocationAcresBreach(terms, acres);
  if (acresBreach) {
    errors.push({ field: 'acresSubscribed', message: acresBreach });
  } else if (application.subscriptionValue !== computeSubscriptionValue(acres, terms.pricePerAcre)) {
    // The server owns the price: a stale or tampered value is refused, never silently replaced.
    errors.push({ field: 'subscriptionValue', message: subscriptionValueMessage(acres, terms) });
  }
  if (application.acknowledgment !== true) errors.push({ field: 'acknowledgment', message: APPLICATION_MESSAGES.acknowledgment });
  const versionError = checkConsentVersion(acknowledgmentOf(application));
  if (versionError) errors.push(versionError);
  throwIfInvalid(errors);
};

const acknowledgmentOf = (application: ApplicationDetails) =>
  ({
    textId: 'application-terms',
    version: application.acknowledgmentVersion,
    versionField: 'acknowledgmentVersion',
  }) as const;

const OPTIONAL_TEXTS = [
  'otherName',
  'workAddress',
  'religion',
  'passportPhotoUrl',
  'realtorName',
  'realtorMobile',
  'realtorEmail',
  'referralCode',
] as const;

const submitApplication = (command: SubmitApplication, state: ApplicationState): ApplicationEvent[] => {
  const { application: a } = command;
  validate(a, command.terms ?? DEFAULT_BUSINESS_TERMS);
  if (state.status === 'submitted') throw new DomainError('duplicate_application', DUPLICATE_APPLICATION_MESSAGE);
  // The form's fields go into the event as they are; the version is the consent event's.
  const { acknowledgmentVersion: _version, ...given } = a;
  return [
    {
      type: 'ApplicationSubmitted',
      data: {
        applicationId: command.applicationId,
        applicationNumber: formatApplicationNumber({ applicationId: command.applicationId, submittedAt: command.now }),
        ...withEmptyAsNull(given, OPTIONAL_TEXTS),
        acknowledgment: true,
        submittedAt: command.now.toISOString(),
      },
    },
    consentRecorded({
      ...acknowledgmentOf(a),
      subject: { kind: 'application', id: command.applicationId },
      addresses: { email: a.email.toLowerCase() },
      source: 'application-form',
      now: command.now,
    }),
  ];
};

export const applicationDecider = createDecider<ApplicationCommand, ApplicationEvent, ApplicationState>(
  initialApplicationState,
  evolveApplication,
  { SubmitApplication: submitApplication, ApproveApplication: decideOnApplication, RejectApplication: decideOnApplication },
);

export const decideApplication = applicationDecider.decide;
