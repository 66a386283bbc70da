import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { importKeys } from '../../../shared/db/table/keys.ts';

/**
 * Time passing for an import's claim (a worker that died, or left the job waiting): it runs out,
 * so the next worker takes the job up. A job whose worker ended it holds no claim: left as it is.
 */
export async function claimRunsOut(companyId: string, importId: string): Promise<void> {
  await db()
    .send(new UpdateCommand({ TableName: config.tableName, Key: importKeys.job(companyId, importId), UpdateExpression: 'SET lease.#until = :past', ConditionExpression: 'attribute_exists(lease)', ExpressionAttributeNames: { '#until': 'until' }, ExpressionAttributeValues: { ':past': '2000-01-01T00:00:00.000Z' } }))
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}
