import { createServer, Socket } from 'node:net';

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A free port below Linux's ephemeral range (32768-60999), where the system never hands a port
 * out by itself: a port from `freePort` returns to that pool while its owner restarts, and
 * another process asking for any free port can be given it meanwhile. A server that must come
 * back on the same port (DynamoDB Local under supervision) starts on one of these instead.
 */
export async function stablePort(from = 20_000, to = 32_000): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = from + Math.floor(Math.random() * (to - from));
    if (await portIsFree(port)) return port;
  }
  return freePort();
}

/** Whether nothing listens on the loopback port (a listen attempt that is closed at once). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Resolves once something accepts connections on the port (polled, as the emulator's output is not a contract). */
export async function waitForPort(port: number, timeoutMs: number, isDead: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (isDead()) throw new Error('DynamoDB Local exited during start-up (is Java 17+ installed?)');
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => (socket.destroy(), resolve(false)));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`DynamoDB Local did not open port ${port} within ${timeoutMs} ms`);
}
