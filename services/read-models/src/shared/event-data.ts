// Reading a stored event's data against the contracts catalogue: the one parser of the
// projector's handlers and of the query side's as-of folds, so both see the same data.

import { parseEvent, type EventData, type EventType } from '@acres/contracts/events';
import type { RecordedEvent } from '@acres/eventstore/port';

/** What a fold needs of a stored event. */
export type LoggedEvent = Pick<RecordedEvent, 'type' | 'data' | 'globalPosition' | 'streamId'>;

/** Validates a stored event against the contracts catalogue; a failure is a poison event. */
export const parseEventData = <T extends EventType>(type: T, event: Pick<LoggedEvent, 'data'>): EventData<T> =>
  parseEvent(type, event.data).data as EventData<T>;
