import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../infra/openapi.ts';
import { inlinedOpenApiDocument } from './support/openapi-inlined.ts';

describe('the OpenAPI document', () => {
  it('passes Redocly’s recommended rules with no error and no warning', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(openApiDocument()), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });
});

describe('the OpenAPI document’s descriptions', () => {
  it('describes every parameter and every field of every request and response', () => {
    const missing = new Set<string>();
    const walk = (schema: unknown, where: string): void => {
      if (!schema || typeof schema !== 'object') return;
      if (Array.isArray(schema)) return schema.forEach((s) => walk(s, where));
      const node = schema as Record<string, unknown>;
      for (const [name, property] of Object.entries((node.properties as Record<string, { description?: string }> | undefined) ?? {})) {
        if (!property.description) missing.add(`${where}: ${name}`);
      }
      for (const [key, value] of Object.entries(node)) if (key !== 'example') walk(value, where);
    };
    for (const [path, operations] of Object.entries(inlinedOpenApiDocument().paths)) {
      for (const [method, op] of Object.entries(operations as Record<string, { parameters: Array<{ name: string; description?: string }>; requestBody?: unknown; responses: Record<string, unknown> }>)) {
        for (const p of op.parameters) if (!p.description) missing.add(`${method} ${path}: parameter ${p.name}`);
        walk(op.requestBody, `${method} ${path} request`);
        walk(op.responses['200'], `${method} ${path} response`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});

describe('the OpenAPI document’s names', () => {
  type Body = { content: { 'application/json': { schema: { properties: Record<string, { type?: string; description?: string }> } } } };
  const nameOf = (path: string, method: string) => {
    const op = (inlinedOpenApiDocument().paths as Record<string, Record<string, { requestBody: Body; responses: Record<string, Body> }>>)[path]![method]!;
    return [op.requestBody, op.responses['200']!].map((body) => body.content['application/json'].schema.properties.name!);
  };

  it('calls a company’s and a year’s name plain text, and an account’s name Arabic and English', () => {
    for (const name of [...nameOf('/api/v1/Companies', 'post'), ...nameOf('/api/v1/Companies/{companyId}/FinancialYears', 'post')]) {
      expect(name.type).toBe('string');
      expect(name.description).not.toContain('Arabic and English');
      expect(name.description).toContain('plain text');
    }
    for (const name of nameOf('/api/v1/Companies/{companyId}/Accounts', 'post')) {
      expect(name.type).toBe('object');
      expect(name.description).toBe('The name, in Arabic and English.');
    }
  });
});
