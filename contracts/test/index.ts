// The contracts' samples for every workspace's tests: a valid request per command and valid
// data per catalogued event (import from '@acres/contracts/test').

export * from './requests.ts';
export * from './event-samples.ts';
export * from './consent-samples.ts';
export * from './settings-samples.ts';
