import { PROJECT_ID } from '@acres/contracts';

/** Every decision of the project in one stream: its limits span all payments, so they need one consistency boundary. */
export const ALLOCATION_STREAM_ID = `allocation-${PROJECT_ID}`;
