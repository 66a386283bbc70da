import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, NumberValue } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { countDatabaseCall } from './call-count.ts';
import { emulatorSigner } from './emulator-signer.ts';
import { currentReadPace } from './current-read-pace.ts';

/** The name the SDK registers its logger middleware under. */
export const SDK_LOGGER_STEP = 'loggerMiddleware';

let documentClient: DynamoDBDocumentClient | undefined;

/** The process-wide document client (created on first use so tests can set the endpoint first). */
export function db(): DynamoDBDocumentClient {
  if (documentClient) return documentClient;
  documentClient = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: config.region,
      ...(config.dynamoEndpoint ? { endpoint: config.dynamoEndpoint } : {}),
      // Locally only, beside the emulator's URL (infra/local/environment.ts); the functions'
      // bundles define the variable away, and the signer with it (infra/bundling/options.ts).
      ...(process.env.DYNAMODB_UNSIGNED === '1' && config.dynamoEndpoint ? { signer: emulatorSigner } : {}),
      maxAttempts: 3,
    }),
    {
      marshallOptions: { removeUndefinedValues: true },
      // Large or fine decimals (balances) must not pass through a binary float on the way out:
      // only a whole number of at most 15 digits, which a double holds exactly, is a JS number
      // (the text decides, not the double: 999999999999999.02 would read as a whole double).
      unmarshallOptions: { wrapNumbers: (text: string) => (/^-?\d{1,15}$/.test(text) ? +text : NumberValue.from(text)) },
    },
  );
  documentClient.middlewareStack.add(
    (next) => async (args) => {
      const answered = countDatabaseCall();
      try {
        return await next(args);
      } finally {
        answered();
      }
    },
    { step: 'initialize', name: 'countDatabaseCalls' },
  );
  documentClient.middlewareStack.add(
    (next) => async (args) => {
      const pace = currentReadPace();
      if (!pace) return next(args);
      await pace.ready();
      const answer = await next(args);
      pace.spend(itemsRead(answer.output));
      return answer;
    },
    { step: 'initialize', name: 'paceBulkReads' },
  );
  // The SDK's logger step copies every answer, redacted, for a logger that discards it (no logger
  // is configured): a tenth of the CPU of a read of 100,000 items (Audit Verify).
  documentClient.middlewareStack.remove(SDK_LOGGER_STEP);
  return documentClient;
}

/** Items a read answered: a query's or scan's page, a batch's responses, a single item. */
function itemsRead(output: unknown): number {
  const { Items, Responses, Item } = output as { Items?: unknown[]; Responses?: Record<string, unknown[]> | unknown[]; Item?: unknown };
  if (Items) return Items.length;
  if (Array.isArray(Responses)) return Responses.length;
  if (Responses) return Object.values(Responses).reduce((sum, items) => sum + items.length, 0);
  return Item ? 1 : 0;
}
