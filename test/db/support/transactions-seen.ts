import { db } from '../../../shared/db/table/client.ts';

/** The items (table, pk, sk, kind of write) of one transaction the service sent. */
export type SeenItem = { kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck'; pk: string; sk: string };

/**
 * Watches the transactions the service's own client sends in this process (the test's in-process
 * gateway), without changing them: a test asks which items a request's transaction touched.
 */
export function watchTransactions(): { seen: SeenItem[][]; stop(): void } {
  const seen: SeenItem[][] = [];
  const name = `watchTransactions-${Math.random()}`;
  db().middlewareStack.add(
    (next, context) => async (args) => {
      if (String(context.commandName).startsWith('TransactWrite')) {
        const items = (args.input as { TransactItems: Array<Record<string, any>> }).TransactItems;
        seen.push(
          items.map((item) => {
            const [kind, op] = Object.entries(item)[0]! as [SeenItem['kind'], any];
            const key = op.Item ?? op.Key;
            // Marshalled ({S: ...}) or plain, depending on where the document client stands.
            const text = (value: any) => String(value?.S ?? value);
            return { kind, pk: text(key.pk), sk: text(key.sk) };
          }),
        );
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { seen, stop: () => db().middlewareStack.remove(name) };
}
