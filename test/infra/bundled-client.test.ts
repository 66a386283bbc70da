import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ESBUILD_OPTIONS } from '../../infra/bundling/options.ts';
import { watchAuthorizations } from '../support/authorizations-seen.ts';

/** The document client as the functions bundle it (aliases included), against the suite's DynamoDB Local. */
describe('the DynamoDB client bundled as the functions are', () => {
  it('leaves the SDK\'s event-stream code, pure-JS SHA-256 and the emulator\'s signer out and still reads, writes and transacts, signed', async () => {
    const outfile = join(mkdtempSync(join(tmpdir(), 'bundled-')), 'client.mjs');
    const result = await build({
      ...ESBUILD_OPTIONS,
      mainFields: [...ESBUILD_OPTIONS.mainFields],
      stdin: {
        contents: "export { db } from './shared/db/table/client.ts'; export { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';",
        resolveDir: resolve(import.meta.dirname, '../..'),
      },
      outfile,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.endsWith('infra/bundling/no-event-streams.ts'))).toBe(true);
    expect(inputs.filter((i) => i.includes('event-streams/') || i.includes('eventstream'))).toEqual([]);
    expect(inputs.some((i) => i.endsWith('infra/bundling/node-sha256.ts'))).toBe(true);
    expect(inputs.filter((i) => i.includes('checksum/sha256/'))).toEqual([]);
    // Signed with SigV4 even where the suite's environment asks the emulator's signer.
    expect(process.env.DYNAMODB_UNSIGNED).toBe('1');
    const shipped = Object.entries(result.metafile.outputs).flatMap(([, output]) => Object.entries(output.inputs).filter(([, i]) => i.bytesInOutput > 0).map(([name]) => name));
    expect(shipped.some((i) => i.endsWith('shared/db/table/client.ts'))).toBe(true);
    expect(shipped.filter((i) => i.endsWith('emulator-signer.ts'))).toEqual([]);

    const bundled = (await import(outfile)) as typeof import('@aws-sdk/lib-dynamodb') & typeof import('../../shared/db/table/client.ts');
    const TableName = process.env.TABLE_NAME!;
    const pk = `BUNDLE#${randomUUID()}`;
    const authorizations = watchAuthorizations(bundled.db());
    await bundled.db().send(new bundled.PutCommand({ TableName, Item: { pk, sk: 'A', n: 1 } }));
    await bundled.db().send(new bundled.TransactWriteCommand({ TransactItems: [{ Put: { TableName, Item: { pk, sk: 'B', n: 2 }, ConditionExpression: 'attribute_not_exists(pk)' } }] }));
    const got = await bundled.db().send(new bundled.GetCommand({ TableName, Key: { pk, sk: 'A' } }));
    const queried = await bundled.db().send(new bundled.QueryCommand({ TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }));

    expect(got.Item).toEqual({ pk, sk: 'A', n: 1 });
    expect(queried.Items?.map((i) => i.n)).toEqual([1, 2]);
    authorizations.stop();
    expect(authorizations.seen).toHaveLength(4);
    for (const authorization of authorizations.seen) expect(authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=.+, SignedHeaders=.+, Signature=[0-9a-f]{64}$/);
  });
});
