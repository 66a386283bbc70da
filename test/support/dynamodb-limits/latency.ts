/**
 * Modelled round-trip latency in simulated ms, per kind of call, seen from a function in the
 * table's Region. DynamoDB promises single-digit milliseconds; a transaction runs two phases
 * (prepare and commit) over every item, so it is slower and grows with its items.
 */
export interface LatencyModel {
  read: number;
  query: number;
  batchRead: number;
  write: number;
  transaction: number;
  transactionPerItem: number;
  /** A refused attempt (throttled or conflicting) answers quickly. */
  refused: number;
}

export const DEFAULT_LATENCY: LatencyModel = { read: 4, query: 6, batchRead: 6, write: 6, transaction: 12, transactionPerItem: 0.5, refused: 3 };

/** The modelled latency of one attempt of `command` with `items` items. */
export function latencyOf(model: LatencyModel, command: string, items: number): number {
  switch (command) {
    case 'GetItemCommand':
      return model.read;
    case 'QueryCommand':
    case 'ScanCommand':
      return model.query;
    case 'BatchGetItemCommand':
      return model.batchRead;
    case 'TransactGetItemsCommand':
    case 'TransactWriteItemsCommand':
      return model.transaction + model.transactionPerItem * items;
    default:
      return model.write;
  }
}
