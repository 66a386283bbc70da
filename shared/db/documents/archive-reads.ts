import type { ArchiveReads } from '../../audit/store.ts';
import { segmentsBetween } from '../events/archive-index-store.ts';
import { readArchiveObject } from './archive-objects.ts';

/** Verify's reads of the archive (audit/store.ts ArchiveReads): loaded with `import()`, only for a company that has archived segments. */
export const archiveReads: ArchiveReads = { segmentsBetween, readObject: readArchiveObject };
