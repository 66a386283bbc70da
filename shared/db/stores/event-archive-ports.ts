import type { EventArchiving } from '../../audit/store.ts';
import { archiveObjectKey, readArchiveObject, writeArchiveObject } from '../documents/archive-objects.ts';
import { lastSegment, recordSegment } from '../events/archive-index-store.ts';
import { eventHead, eventsBetween, firstKeptFrom } from '../events/event-store.ts';
import { listedCompanies } from './company-listing.ts';
import { getSettings } from './settings-store.ts';

/** The event archive job's port (audit/store.ts EventArchiving): the table's companies, events and archive index, the bucket's objects. */
export const eventArchiving: EventArchiving = {
  companies: listedCompanies,
  settings: getSettings,
  chainHead: eventHead,
  eventsBetween,
  firstKeptFrom,
  lastSegment,
  recordSegment,
  objectKey: archiveObjectKey,
  readObject: readArchiveObject,
  writeObject: writeArchiveObject,
};
