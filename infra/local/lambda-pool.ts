import { SHARE_ENV, Worker } from 'node:worker_threads';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Invocation, InvocationResult } from './lambda-runtime.ts';

/**
 * Runs handlers as Lambda runs them: each invocation alone in an execution environment (a
 * worker thread with its own event loop), so one request's CPU-bound work (a Verify page, an
 * export, an import's check) does not hold up another's, as it would in one shared event loop.
 * An idle environment is reused; a new one starts when all are busy, up to `size`, after which
 * invocations wait for one (as Lambda's concurrency limit makes them). An environment whose
 * thread dies fails its invocation and is replaced on demand.
 */
export class LambdaPool {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private readonly waiting: Array<(worker: Worker) => void> = [];
  private readonly pending = new Map<number, { resolve: (r: APIGatewayProxyStructuredResultV2) => void; reject: (e: Error) => void; worker: Worker }>();
  private nextId = 1;

  constructor(private readonly size: number) {}

  async invoke(handler: string, event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
    const worker = await this.take();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, worker });
      worker.postMessage({ id, handler, event } satisfies Invocation);
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.all].map((w) => w.terminate()));
  }

  private take(): Promise<Worker> {
    const worker = this.idle.pop();
    if (worker) return Promise.resolve(worker);
    if (this.all.size < this.size) return Promise.resolve(this.start());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(worker: Worker): void {
    const next = this.waiting.shift();
    if (next) next(worker);
    else this.idle.push(worker);
  }

  private start(): Worker {
    const worker = new Worker(new URL('./lambda-runtime.ts', import.meta.url), { env: SHARE_ENV });
    worker.unref();
    this.all.add(worker);
    worker.on('message', (answer: InvocationResult) => {
      const call = this.pending.get(answer.id);
      if (!call) return;
      this.pending.delete(answer.id);
      this.release(worker);
      if ('result' in answer) call.resolve(answer.result);
      else call.reject(new Error(answer.error));
    });
    worker.on('error', (error) => this.fail(worker, error));
    worker.on('exit', (code) => this.fail(worker, new Error(`execution environment exited with code ${code}`)));
    return worker;
  }

  /** A dead environment: its invocation fails, and a waiting one gets a fresh environment. */
  private fail(worker: Worker, error: Error): void {
    if (!this.all.delete(worker)) return;
    const idleAt = this.idle.indexOf(worker);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
    for (const [id, call] of this.pending) {
      if (call.worker !== worker) continue;
      this.pending.delete(id);
      call.reject(error);
    }
    const next = this.waiting.shift();
    if (next) next(this.start());
  }
}
