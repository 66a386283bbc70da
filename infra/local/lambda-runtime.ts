import { parentPort } from 'node:worker_threads';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { lambdaContext } from './lambda-context.ts';
import { loadHandler } from './load-handler.ts';

/**
 * One execution environment of the local Lambda pool (lambda-pool.ts): a worker thread that
 * runs one invocation at a time, as a Lambda instance does, keeping the handlers it loaded
 * (and their warm caches) between invocations.
 */
export interface Invocation {
  id: number;
  handler: string;
  event: APIGatewayProxyEventV2;
}
export type InvocationResult = { id: number; result: APIGatewayProxyStructuredResultV2 } | { id: number; error: string };

parentPort?.on('message', async ({ id, handler, event }: Invocation) => {
  let answer: InvocationResult;
  try {
    answer = { id, result: await (await loadHandler(handler))(event, lambdaContext(event.requestContext.requestId)) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(answer);
});
