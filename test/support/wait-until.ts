import { execFileSync } from 'node:child_process';

/** Waits until `done` holds, asking every `everyMs`; the milliseconds it took. Throws naming `what` after `timeoutMs`. */
export async function waitUntil(done: () => boolean | Promise<boolean>, timeoutMs: number, what: string, everyMs = 100): Promise<number> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return Date.now() - started;
}

/** The command lines of the DynamoDB Local processes running on the data directory `dir`. */
export const dynamoLocalProcessesFor = (dir: string) => execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.includes('DynamoDBLocal') && line.includes(dir));
