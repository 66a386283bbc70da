import { createServer, type IncomingMessage } from 'node:http';

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  status: number;
}

/**
 * A webhook receiver on 127.0.0.1: `/fail-N/...` answers 500 to its first N requests,
 * `/fail-each-once/...` to the first request of each event id, `/down/...` always; others 204.
 */
export function receiver() {
  const received: Received[] = [];
  const counts = new Map<string, number>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const seen = (counts.get(path) ?? 0) + 1;
      counts.set(path, seen);
      const perEvent = `${path} ${String(req.headers['ledger-event-id'])}`;
      const seenEvent = (counts.get(perEvent) ?? 0) + 1;
      counts.set(perEvent, seenEvent);
      const failFirst = Number(/^\/fail-(\d+)\//.exec(path)?.[1] ?? 0);
      const failing = path.startsWith('/down/') || seen <= failFirst || (path.startsWith('/fail-each-once/') && seenEvent === 1);
      const status = failing ? 500 : 204;
      received.push({ path, headers: req.headers, body, status });
      res.statusCode = status;
      res.end();
    });
  });
  return { received, server };
}

/** Polls `check` every 200 ms until it answers something, or throws after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
