/**
 * A check of a large file gives way to the other work of its process every so many rows: the
 * import worker shares its process with the gateway beside `npm start`, and with nothing else
 * in AWS, where a turn costs next to nothing.
 */
export const ROWS_PER_TURN = 2_000;

/** Lets whatever else the process serves run before the check goes on. */
export const yieldTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Yields once every ROWS_PER_TURN rows counted. */
export function turnCounter(): (rows?: number) => Promise<void> {
  let since = 0;
  return async (rows = 1) => {
    since += rows;
    if (since < ROWS_PER_TURN) return;
    since = 0;
    await yieldTurn();
  };
}
