import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runEventArchive } from '../../../functions/ops/archive-events.ts';
import { createTables } from '../../../infra/local/create-tables.ts';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { withPrefix } from '../../../shared/db/table/prefix-query.ts';
import { queryAll } from '../../../shared/db/table/query-all.ts';
import { listedCompanies, listEarlierCompanies } from '../../../shared/db/stores/company-listing.ts';
import { useGateway } from '../../support/api.ts';
import { wholeFeed } from '../../support/feed.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';
import { verifyAtOnce, verifyByPages, verifyInPagesOfTwenty } from '../../support/verify-pages.ts';
import { eventItems } from '../support/spread-items.ts';

/**
 * The events archived to the documents bucket before the table's expiry, and Verify over them once
 * the table no longer holds them (docs/decisions.md, Audit, "Events archived before they expire").
 * The expiry is simulated by deleting the archived events' items, as TTL would.
 */
// A table of this file's own: the listing of earlier companies scans the whole table, which in a
// full run would be every other file's items too.
const TABLE = `event-archive-${process.pid}`;
beforeAll(async () => {
  await createTables(process.env.DYNAMODB_ENDPOINT!, { ledger: TABLE }, { streams: false });
  process.env.TABLE_NAME = TABLE;
});
const gateway = useGateway();
verifyInPagesOfTwenty();

const DAY = 86_400_000;
const SEGMENT_EVENTS = 10;
const s3 = () =>
  new S3Client({ region: 'local', endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, requestChecksumCalculation: 'WHEN_REQUIRED' });
const object = (Key: string) => ({ Bucket: config.documentsBucket, Key });

type Segment = { first: number; last: number; sha256: string; lastHash: string; objectKey: string; retainUntil: string };
const segmentItems = async (companyId: string) => {
  const items: Segment[] = [];
  for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(keys.archivePartition(companyId), keys.archivedSegmentPrefix), ConsistentRead: true })) items.push(item as unknown as Segment);
  return items;
};
const objectBytes = async (key: string) => Buffer.from(await (await s3().send(new GetObjectCommand(object(key)))).Body!.transformToByteArray());

afterEach(() => {
  delete process.env.ARCHIVE_SEGMENT_EVENTS;
});

describe('the event archive', () => {
  let books: Awaited<ReturnType<typeof companyBooks>>;
  let head: number;
  beforeAll(async () => {
    books = await companyBooks(gateway.url);
    const { api, base, chart } = books;
    // The UAE keeps records 7 years: the segments' retention.
    const { version } = (await api.get(`${base}/Settings`)).body;
    expect((await api.put(`${base}/Settings`, { taxJurisdiction: 'AE', version })).status).toBe(200);
    for (let i = 0; i < 12; i++) await postedJournal(api, base, `2026-03-${String(10 + i).padStart(2, '0')}`, [debit(chart.cash.id, `${i + 1}.00`), credit(chart.sales.id, `${i + 1}.00`)]);
    // Numbered (the feed numbers what is pending), so the archive sees them.
    head = (await wholeFeed<{ sequence: number }>(api, base)).length;
  });

  it('writes nothing while the events are recent, and a short segment only once its first event is a day past the threshold', async () => {
    const { companyId } = books;
    const soon = await runEventArchive({ deadline: Date.now() + 60_000, companyId });
    // Past the threshold, but the company's events are fewer than a segment: the segment waits a day.
    const shortWaits = await runEventArchive({ deadline: Date.now() + 60_000, companyId, now: new Date(Date.now() + 30 * DAY + 3_600_000) });

    expect(soon).toEqual({ segments: 0, events: 0, failed: 0, more: false });
    expect(shortWaits.segments).toBe(0);
    expect(await segmentItems(companyId)).toEqual([]);
  });

  it('archives every numbered event in segments of consecutive numbers, locked for the company’s retention, idempotently, and Verify covers them once the table’s expiry removed them', async () => {
    // Arrange
    const { api, base, companyId } = books;
    process.env.ARCHIVE_SEGMENT_EVENTS = String(SEGMENT_EVENTS);
    const now = new Date(Date.now() + 40 * DAY);

    // Act: archive (a run bounded to two segments, then the rest), then run again.
    const [first, rest] = [await bounded(2, now), await runEventArchive({ deadline: Date.now() + 60_000, companyId, now })];
    const again = await runEventArchive({ deadline: Date.now() + 60_000, companyId, now });
    const segments = await segmentItems(companyId);

    // Assert: segments of at most 10 events, one after another, each object the gzip JSON Lines of its events with its recorded SHA-256.
    expect(first).toMatchObject({ segments: 2, events: 2 * SEGMENT_EVENTS, more: true });
    expect(first.segments + rest.segments).toBe(Math.ceil(head / SEGMENT_EVENTS));
    expect(again).toEqual({ segments: 0, events: 0, failed: 0, more: false });
    expect(segments.map((s) => [s.first, s.last])).toEqual(Array.from({ length: Math.ceil(head / SEGMENT_EVENTS) }, (_, i) => [i * SEGMENT_EVENTS + 1, Math.min(head, (i + 1) * SEGMENT_EVENTS)]));
    const feed = await wholeFeed<{ sequence: number; hash: string }>(api, base);
    for (const s of segments) {
      const bytes = await objectBytes(s.objectKey);
      const lines = gunzipSync(bytes).toString('utf8').trim().split('\n').map((line) => JSON.parse(line));
      expect(s.objectKey).toBe(`companies/${companyId}/events/${String(s.first).padStart(16, '0')}.jsonl.gz`);
      expect(lines).toEqual(feed.slice(s.first - 1, s.last));
      expect(s.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(s.lastHash).toBe(feed[s.last - 1]!.hash);
      expect(s.retainUntil).toBe(new Date(now.getTime() + (365 * 7 + 2) * DAY).toISOString());
    }

    // Act: as if a run had crashed after writing the last object and before its index item.
    const last = segments.at(-1)!;
    const written = await s3().send(new HeadObjectCommand(object(last.objectKey)));
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: keys.archivedSegment(companyId, last.last) }));
    // The local object storage keeps Last-Modified to the second: a write would show.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const recovered = await runEventArchive({ deadline: Date.now() + 60_000, companyId, now: new Date(now.getTime() + DAY) });

    // Assert: the object found is recorded as it is, not written again.
    expect(recovered.segments).toBe(1);
    expect((await segmentItems(companyId)).at(-1)).toMatchObject({ first: last.first, last: last.last, sha256: last.sha256, lastHash: last.lastHash });
    expect((await s3().send(new HeadObjectCommand(object(last.objectKey)))).LastModified).toEqual(written.LastModified);

    // Act: the table's expiry removes the archived events.
    for (const item of await eventItems(companyId)) await db().send(new DeleteCommand({ TableName: config.tableName, Key: { pk: item.pk, sk: item.sk } }));
    const atOnce = await verifyAtOnce(api, base);
    const byPages = await verifyByPages(api, base);

    // Assert: the whole chain verified from the archive, as if nothing had expired.
    expect(await eventItems(companyId)).toEqual([]);
    expect(atOnce).toMatchObject({ verified: true, checked: head, fromSequence: 1, toSequence: head, firstBrokenSequence: null, reason: null, nextPage: null });
    expect(byPages.length).toBeGreaterThanOrEqual(2);
    expect(byPages.at(-1)).toEqual(atOnce);
  });

  it('reports a segment altered or missing in the bucket, naming it, and goes on into the table after the archive', async () => {
    // Arrange: archived as above, the archived events gone from the table, then more events after them.
    const { api, base, companyId, chart } = books;
    const segments = await segmentItems(companyId);
    expect(segments.length).toBeGreaterThan(2);
    for (const item of await eventItems(companyId)) await db().send(new DeleteCommand({ TableName: config.tableName, Key: { pk: item.pk, sk: item.sk } }));
    await postedJournal(api, base, '2026-04-01', [debit(chart.cash.id, '7.00'), credit(chart.sales.id, '7.00')]);
    const middle = segments[1]!;
    const original = await objectBytes(middle.objectKey);
    // One character of the segment's first event changed, its SHA-256 left as recorded.
    const alteredText = gunzipSync(original).toString('utf8').replace('"occurredAt":"2', '"occurredAt":"1');

    // Act: the chain through the archive into the table; a segment altered; a segment missing.
    const intoTable = await verifyAtOnce(api, base);
    await s3().send(new PutObjectCommand({ ...object(middle.objectKey), Body: gzipSync(alteredText) }));
    const altered = await verifyAtOnce(api, base);
    const alteredByPages = await verifyByPages(api, base);
    await s3().send(new DeleteObjectCommand(object(middle.objectKey)));
    const missing = await verifyAtOnce(api, base);
    await s3().send(new PutObjectCommand({ ...object(middle.objectKey), Body: original }));
    const restored = await verifyAtOnce(api, base);

    // Assert
    expect(alteredText).not.toBe(gunzipSync(original).toString('utf8'));
    expect(intoTable).toMatchObject({ verified: true, fromSequence: 1, checked: (intoTable as { headSequence?: number }).headSequence });
    expect((intoTable as { headSequence?: number }).headSequence).toBeGreaterThan(segments.at(-1)!.last);
    expect(altered).toMatchObject({ verified: false, firstBrokenSequence: middle.first, reason: expect.stringContaining(`archived segment ${middle.objectKey} (events ${middle.first} to ${middle.last}) does not match the SHA-256 its index records`) });
    expect(alteredByPages.at(-1)).toEqual(altered);
    expect(missing).toMatchObject({ verified: false, firstBrokenSequence: middle.first, reason: expect.stringContaining(`archived segment ${middle.objectKey} (events ${middle.first} to ${middle.last}) is missing from the documents bucket`) });
    expect(restored).toMatchObject({ verified: true, checked: intoTable.checked });
  });

  it('goes on past events gone before they were archived, which Verify reports missing', async () => {
    // Arrange: a company whose first five events, and its tenth, left the table unarchived.
    const other = await companyBooks(gateway.url);
    const events = await wholeFeed<{ sequence: number }>(other.api, other.base);
    const gone = [1, 2, 3, 4, 5, 10];
    for (const n of gone) await db().send(new DeleteCommand({ TableName: config.tableName, Key: keys.event(other.companyId, n) }));
    process.env.ARCHIVE_SEGMENT_EVENTS = String(SEGMENT_EVENTS);

    // Act
    const run = await runEventArchive({ deadline: Date.now() + 60_000, companyId: other.companyId, now: new Date(Date.now() + 40 * DAY) });
    const segments = await segmentItems(other.companyId);
    const fromArchive = await verifyAtOnce(other.api, other.base);
    const fromFirst = await verifyAtOnce(other.api, other.base, '?fromSequence=1');

    // Assert: segments around the holes; Verify from the first archived event finds the hole at 10, from 1 the first hole.
    expect(run.failed).toBe(0);
    expect(events.length).toBeGreaterThan(11);
    expect(events.length).toBeLessThanOrEqual(10 + SEGMENT_EVENTS);
    expect(segments.map((s) => [s.first, s.last])).toEqual([[6, 9], [11, events.length]]);
    expect(fromArchive).toMatchObject({ verified: false, fromSequence: 6, firstBrokenSequence: 10, reason: expect.stringContaining('event 10 is missing') });
    expect(fromFirst).toMatchObject({ verified: false, fromSequence: 1, firstBrokenSequence: 1, reason: expect.stringContaining('event 1 is missing') });
  });

  it('lists every company for the job: new ones by their listing, earlier ones once a scan has listed them', async () => {
    const { companyId } = books;
    // As a company made before the listing: no listing on its item, and the scan not yet done.
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: keys.company(companyId), UpdateExpression: 'REMOVE gsi1pk, gsi1sk' }));
    await db().send(new PutCommand({ TableName: config.tableName, Item: { ...keys.companyListingBackfill(), entity: 'CompanyListingBackfill', done: false } }));
    await listEarlierCompanies(Date.now() + 60_000);
    const item = (await db().send(new GetCommand({ TableName: config.tableName, Key: keys.company(companyId), ConsistentRead: true }))).Item!;
    const mark = (await db().send(new GetCommand({ TableName: config.tableName, Key: keys.companyListingBackfill(), ConsistentRead: true }))).Item!;
    const listed: string[] = [];
    for await (const id of listedCompanies(Date.now() + 60_000)) listed.push(id);

    expect(item).toMatchObject(keys.companyListing(companyId));
    expect(mark).toMatchObject({ done: true });
    expect(listed).toContain(companyId);
    expect(new Set(listed).size).toBe(listed.length);
  });

  /** One run of the archive bounded to `segments` segments. */
  async function bounded(segments: number, now: Date) {
    process.env.ARCHIVE_SEGMENTS_PER_RUN = String(segments);
    try {
      return await runEventArchive({ deadline: Date.now() + 60_000, companyId: books.companyId, now });
    } finally {
      delete process.env.ARCHIVE_SEGMENTS_PER_RUN;
    }
  }
});
