import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The API reference at `/docs`: Swagger UI (swagger-ui-dist, from npm) over `/openapi.json`,
 * its script and styles served from the package beside the page, so it works offline. None of
 * it is in a function's bundle: only the gateway serves it.
 */
const DIST = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The assets the page loads, by the name it asks for them under `/docs/`. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

export const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ledger API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="reference"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 });</script>
</body></html>`;

/** An asset of the page, or undefined for any other name. */
export function docsAsset(name: string): { body: Buffer; contentType: string } | undefined {
  const contentType = ASSETS[name];
  return contentType ? { body: readFileSync(join(DIST, name)), contentType } : undefined;
}
