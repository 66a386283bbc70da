import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The API reference at `/docs`: Swagger UI (swagger-ui-dist, from npm) over `/openapi.json`,
 * its script and styles served beside the page, so it works offline. The local gateway serves
 * them from the package; in AWS the reference function (functions/ops/api-reference.ts) has
 * them copied next to its bundle. No route handler bundles any of it.
 */

/** The assets the page loads, by the name it asks for them under `/docs/`, with their types. */
export const DOCS_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** Where swagger-ui-dist's files are in this checkout. */
export const swaggerUiDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ledger API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="reference"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 });</script>
</body></html>`;

/** What `GET /` answers: where the reference and the API are. */
export const ROOT_LINKS = { service: 'Ledger API', docs: '/docs', openapi: '/openapi.json', api: '/api/v1' };

/** An asset of the page from `dir`, or undefined for any other name. */
export function docsAsset(dir: string, name: string): { body: Buffer; contentType: string } | undefined {
  const contentType = DOCS_ASSETS[name];
  return contentType ? { body: readFileSync(join(dir, name)), contentType } : undefined;
}
