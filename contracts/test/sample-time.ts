/** When every sample event happened. */
export const SAMPLE_EVENT_TIME = '2024-09-01T10:00:00.000Z';
