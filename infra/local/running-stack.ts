import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { resolve } from 'node:path';
import { dataDirOf, localEnvironment } from './environment.ts';

/**
 * How every helper finds the stack `npm start` runs: its data directory's `local.json`, found
 * through the same variables `npm start` takes (LEDGER_DATA_DIR, default .data; PORT, when set,
 * must be the port that stack serves). `npm start` writes the file when ready and removes it when
 * it stops; a file left by a killed stack is recognised by its process and port being gone.
 */
export interface RunningStack {
  /** The local gateway, e.g. http://127.0.0.1:3000. */
  api: string;
  dynamoEndpoint: string;
  /** The process of `npm start` that wrote the file. */
  pid: number;
  dataDir: string;
}

/** A helper could not find a running stack; the message is one line naming what to set. */
export class StackNotFound extends Error {}

export const stackFileOf = (dataDir: string) => resolve(dataDir, 'local.json');

export function recordRunningStack(stack: RunningStack): void {
  writeFileSync(stackFileOf(stack.dataDir), `${JSON.stringify(stack, null, 2)}\n`);
}

/** Removes the data directory's `local.json` if this process wrote it (a second stack on the same directory keeps its own). */
export function forgetRunningStack(dataDir: string, pid = process.pid): void {
  const recorded = readStackFile(dataDir);
  if (recorded?.pid === pid) rmSync(stackFileOf(dataDir), { force: true });
}

/** The running stack the environment points at, or StackNotFound saying what to set. */
export async function findRunningStack(env: NodeJS.ProcessEnv = process.env): Promise<RunningStack> {
  const dataDir = dataDirOf(env);
  const where = env.LEDGER_DATA_DIR ? `LEDGER_DATA_DIR=${env.LEDGER_DATA_DIR}` : `the default data directory ${dataDir}`;
  const setDataDir = 'start one with `npm start`, or set LEDGER_DATA_DIR to the data directory the running one was started with';
  const stack = readStackFile(dataDir);
  if (!stack) throw new StackNotFound(`No local stack is running in ${where} (no local.json): ${setDataDir}.`);
  if (!processAlive(stack.pid) || !(await answers(stack.api))) throw new StackNotFound(`The local stack recorded in ${where} no longer answers at ${stack.api}: ${setDataDir}.`);
  if (env.PORT && new URL(stack.api).port !== env.PORT) {
    throw new StackNotFound(`The local stack in ${where} serves ${stack.api}, not PORT=${env.PORT}: set LEDGER_DATA_DIR to the data directory the stack on port ${env.PORT} was started with.`);
  }
  return stack;
}

function readStackFile(dataDir: string): RunningStack | undefined {
  try {
    const parsed = JSON.parse(readFileSync(stackFileOf(dataDir), 'utf8')) as Partial<RunningStack>;
    if (typeof parsed.api !== 'string' || typeof parsed.dynamoEndpoint !== 'string') return undefined;
    // Files written before the process id was recorded count as running while their port answers.
    return { api: parsed.api, dynamoEndpoint: parsed.dynamoEndpoint, pid: typeof parsed.pid === 'number' ? parsed.pid : 0, dataDir };
  } catch {
    return undefined;
  }
}

function processAlive(pid: number): boolean {
  if (pid === 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether something accepts connections at the URL's host and port (within a second). */
function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolveAnswer) => {
    const socket = new Socket();
    const done = (open: boolean) => (socket.destroy(), resolveAnswer(open));
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(Number(port), hostname);
  });
}

/**
 * For the scripts that work on the table (infra/ops/): with AWS_REGION or DYNAMODB_ENDPOINT set
 * they work where the environment says (AWS); otherwise on the running local stack, found as
 * every helper finds it. Exits with the one-line message when there is none.
 */
export async function useRunningStackUnlessAws(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (env.AWS_REGION || env.DYNAMODB_ENDPOINT) return;
  const stack = await findRunningStack(env).catch((error: unknown) => {
    if (!(error instanceof StackNotFound)) throw error;
    console.error(`${error.message} (Against AWS: set AWS_REGION, TABLE_NAME and credentials.)`);
    process.exit(1);
  });
  Object.assign(env, localEnvironment(stack.dynamoEndpoint, resolve(stack.dataDir, 'secrets.json')));
}
