import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client.ts';
import { pacedLimit } from './current-read-pace.ts';

/** Every item a query matches, page after page (smaller pages within a read pace: read-pace.ts). */
export async function* queryAll(input: QueryCommandInput): AsyncGenerator<Record<string, unknown>> {
  let startKey: Record<string, unknown> | undefined;
  const limit = pacedLimit(input.Limit);
  do {
    const result = await db().send(new QueryCommand({ ...input, ...(limit === undefined ? {} : { Limit: limit }), ExclusiveStartKey: startKey }));
    yield* result.Items ?? [];
    startKey = result.LastEvaluatedKey;
  } while (startKey);
}
