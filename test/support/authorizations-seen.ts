import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Watches the Authorization header of every request a document client sends, as it leaves
 * (after signing), without changing it: a test asks how its requests were signed.
 */
export function watchAuthorizations(client: Pick<DynamoDBDocumentClient, 'middlewareStack'>): { seen: string[]; stop(): void } {
  const seen: string[] = [];
  const name = `watchAuthorizations-${Math.random()}`;
  client.middlewareStack.add(
    (next) => async (args) => {
      seen.push(String((args.request as { headers: Record<string, string> }).headers.authorization));
      return next(args);
    },
    { step: 'deserialize', name },
  );
  return { seen, stop: () => client.middlewareStack.remove(name) };
}
