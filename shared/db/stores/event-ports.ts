import type { EventFeedReads } from '../../events/store.ts';
import { eventsPage } from '../events/event-store.ts';
import { sequenceEvents } from '../events/sequencer.ts';

/** The events' ports (events/store.ts), one per use case. */
export const eventFeed: EventFeedReads = { sequence: sequenceEvents, page: eventsPage };
