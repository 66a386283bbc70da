import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useGateway } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';

const gateway = useGateway();
const browserOf = useBrowser();
const SCREENSHOT = resolve(import.meta.dirname, '../../test-results/docs.png');

describe('the API reference at /docs', () => {
  it('renders every operation of the OpenAPI document offline, and saves a screenshot', async () => {
    // Swagger UI renders an operation once its section is near the view: a tall view shows them all at once.
    const page = await browserOf().newPage({ viewport: { width: 1280, height: 12000 } });
    // Nothing but the gateway is reachable: the page must carry its own script and styles.
    const outside: string[] = [];
    await page.route('**/*', (route) => {
      if (new URL(route.request().url()).hostname === '127.0.0.1') return route.continue();
      outside.push(route.request().url());
      return route.abort();
    });
    await page.goto(`${gateway.url()}/docs`);
    await page.waitForSelector('.opblock-summary-path', { timeout: 20_000 });

    const document = await (await fetch(`${gateway.url()}/openapi.json`)).json();
    const operations = Object.values(document.paths as Record<string, object>).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(await page.locator('.opblock').count()).toBe(operations);
    expect(await page.locator('.opblock-summary-path', { hasText: '/api/v1/Companies/{companyId}/Reports/GeneralLedger' }).count()).toBe(1);
    expect(outside).toEqual([]);
    mkdirSync(resolve(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, clip: { x: 0, y: 0, width: 1280, height: 2000 } });
  });
});
