import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

export type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const ROOT = resolve(import.meta.dirname, '../..');
const handlers = new Map<string, Promise<Handler>>();

/** A route's handler (its path from the repository root), loaded once per process or environment. */
export function loadHandler(path: string): Promise<Handler> {
  let loaded = handlers.get(path);
  if (!loaded) {
    loaded = import(pathToFileURL(resolve(ROOT, path)).href).then((m: { handler: Handler }) => m.handler);
    handlers.set(path, loaded);
  }
  return loaded;
}
