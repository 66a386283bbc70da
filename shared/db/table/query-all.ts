import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client.ts';

/** Every item a query matches, page after page. */
export async function* queryAll(input: QueryCommandInput): AsyncGenerator<Record<string, unknown>> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    yield* result.Items ?? [];
    startKey = result.LastEvaluatedKey;
  } while (startKey);
}
