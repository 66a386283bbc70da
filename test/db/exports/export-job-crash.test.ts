import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { runExports, writeExportFile } from '../../../functions/ops/run-exports.ts';
import { config } from '../../../shared/config.ts';
import { exportObjectKey } from '../../../shared/db/documents/export-files.ts';
import { s3 } from '../../../shared/db/documents/s3-client.ts';
import { objectParts } from '../../../shared/db/documents/s3-exports.ts';
import { exportWork } from '../../../shared/db/stores/export-work.ts';
import { db } from '../../../shared/db/table/client.ts';
import { exportKeys } from '../../../shared/db/table/keys.ts';
import { runExport } from '../../../shared/exports/jobs/run-export.ts';
import { PartSink } from '../../../shared/exports/part-sink.ts';
import { useGateway } from '../../support/api.ts';
import { exportBooks } from '../../support/export-books.ts';
import { getFile } from '../../support/files.ts';
import { exportConfig } from '../../../shared/export-config.ts';

/**
 * A worker that dies while writing an export job's file (its claim left held, its object half
 * sent or whole) is followed, once the claim runs out, by one that writes the file again from
 * the start over the same object: the job ends available with one file, the route's own.
 */
const gateway = useGateway();

/** Time passing for a dead worker's claim: it runs out. */
async function claimRunsOut(companyId: string, exportId: string) {
  await db().send(new UpdateCommand({ TableName: config.tableName, Key: exportKeys.job(companyId, exportId), UpdateExpression: 'SET lease.#until = :past', ExpressionAttributeNames: { '#until': 'until' }, ExpressionAttributeValues: { ':past': '2000-01-01T00:00:00.000Z' } }));
}

async function objectText(objectKey: string) {
  const { Body } = await s3().send(new GetObjectCommand({ Bucket: exportConfig.exportsBucket, Key: objectKey }));
  return Buffer.from(await Body!.transformToByteArray());
}

const objectsOf = async (companyId: string, exportId: string) =>
  ((await s3().send(new ListObjectsV2Command({ Bucket: exportConfig.exportsBucket, Prefix: exportObjectKey(companyId, exportId) }))).Contents ?? []).map((o) => o.Key);

describe('an export job whose worker dies', () => {
  it('is written again from the start by the next worker once the claim runs out: one file, the route\'s', async () => {
    const { api, base, companyId, token } = await exportBooks(gateway.url);
    const created = await api.post(`${base}/Exports`, { route: 'journals.list', format: 'csv', parameters: { dateFrom: '2026-01-01' } });
    const exportId = created.body.id as string;
    // The first worker claims the job, sends a stale whole object under its key, and dies.
    const now = new Date();
    expect(await exportWork.claim(companyId, exportId, 'dead-worker', now, new Date(now.getTime() + 60_000))).toBeDefined();
    await objectParts(exportObjectKey(companyId, exportId), 'text/csv').complete(0, Buffer.from('half a file from the worker that died'));

    const whileHeld = await runExports({ companyId });
    await claimRunsOut(companyId, exportId);
    const resumed = await runExports({ companyId });
    const again = await runExports({ companyId });

    const job = (await api.get(`${base}/Exports/${exportId}`)).body;
    const answer = await getFile(gateway.url(), token, `${base}/Journals?dateFrom=2026-01-01&format=csv`);
    expect(whileHeld).toEqual({ finished: 0, failed: 0 });
    expect(resumed).toEqual({ finished: 1, failed: 0 });
    expect(again).toEqual({ finished: 0, failed: 0 });
    expect(job).toMatchObject({ status: 'available', bytes: answer.bytes.length });
    expect(await objectsOf(companyId, exportId)).toEqual([exportObjectKey(companyId, exportId)]);
    expect((await objectText(exportObjectKey(companyId, exportId))).equals(answer.bytes)).toBe(true);
  });

  it('that failed after sending its whole file is run again after a pause, the file sent again over the same object', async () => {
    const { api, base, companyId } = await exportBooks(gateway.url);
    const created = await api.post(`${base}/Exports`, { route: 'reports.trialBalance', format: 'xlsx', parameters: { dateFrom: '2026-01-01', dateTo: '2026-12-31' } });
    const exportId = created.body.id as string;
    let runs = 0;

    // The first run's file is whole in the bucket when the worker fails, before the job records it.
    const failing = await runExport(exportWork, async (...args) => {
      runs++;
      await writeExportFile(...args);
      throw new Error('connection reset after the upload');
    }, companyId, exportId).catch((error: unknown) => error);
    const first = (await api.get(`${base}/Exports/${exportId}`)).body;
    await claimRunsOut(companyId, exportId);
    const second = await runExport(exportWork, async (...args) => {
      runs++;
      await writeExportFile(...args);
    }, companyId, exportId);

    const job = (await api.get(`${base}/Exports/${exportId}`)).body;
    expect(String(failing)).toMatch(/connection reset/);
    expect(first).toMatchObject({ status: 'running', downloadUrl: null });
    expect(second).toBe('finished');
    expect(runs).toBe(2);
    expect(job).toMatchObject({ status: 'available', fileName: 'trial-balance_2026-01-01_2026-12-31_en.xlsx' });
    expect(await objectsOf(companyId, exportId)).toHaveLength(1);
    expect((await objectText(exportObjectKey(companyId, exportId))).length).toBe(job.bytes);
  });
});

describe('a file sent in parts', () => {
  it('arrives whole: parts of the size asked while it is written, by text and by the stream, the rest with the last', async () => {
    const objectKey = `companies/${crypto.randomUUID()}/exports/${crypto.randomUUID()}`;
    const sink = new PartSink(64 * 1024 * 1024, 5 * 1024 * 1024, objectParts(objectKey, 'text/csv'));
    const line = `${'x'.repeat(1023)}\n`;
    const expected: string[] = [];

    for (let i = 0; i < 6 * 1024; i++) {
      sink.writeText(line);
      expected.push(line);
      if (sink.behind) await sink.caughtUp();
    }
    await new Promise<void>((resolve, reject) => sink.write(Buffer.from('the end\n'), (error) => (error ? reject(error) : resolve())));
    expected.push('the end\n');
    await sink.complete();

    expect(sink.bytes).toBe(6 * 1024 * 1024 + 8);
    expect((await objectText(objectKey)).toString('utf8')).toBe(expected.join(''));
  });
});
