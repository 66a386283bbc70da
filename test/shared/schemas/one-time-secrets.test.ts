import { describe, expect, it } from 'vitest';
import * as z from '../../../shared/schemas/zod.ts';
import { jsonWithSecretsOmitted, ONE_TIME_SECRET_FIELDS, omittedFlag, shownOnce, withoutSecrets } from '../../../shared/schemas/one-time-secrets.ts';
import { responseSchema } from '../../../shared/schemas/responses.ts';
import { ROUTES } from '../../../shared/routes.ts';

const SECRET_LIKE = /secret|token|password|^key$|apikey$|credential|private/i;

/** Every property name in a JSON schema, as a dotted path. */
function propertyPaths(schema: unknown, at = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const own = Object.entries((s.properties as Record<string, unknown>) ?? {}).flatMap(([name, sub]) => [`${at}${name}`, ...propertyPaths(sub, `${at}${name}.`)]);
  const nested = ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf'].flatMap((k) => [s[k]].flat().flatMap((sub) => propertyPaths(sub, at)));
  return [...own, ...nested];
}

describe('secrets shown once', () => {
  it('are the only secrets in any response that outlives its request (stored for replays, or copied into an event)', () => {
    const kept = ROUTES.filter((r) => r.response && (r.idempotentOperation || r.event));
    expect(kept.length).toBeGreaterThan(10);
    for (const route of kept) {
      const schema = responseSchema(route.response!);
      const names = propertyPaths(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));
      const secrets = names.filter((path) => SECRET_LIKE.test(path.split('.').at(-1)!) && !path.endsWith('Omitted'));
      for (const path of secrets) expect(ONE_TIME_SECRET_FIELDS as readonly string[], `${route.name}: ${path}`).toContain(path);
      for (const field of secrets as Array<(typeof ONE_TIME_SECRET_FIELDS)[number]>) {
        // What a replay answers is still a documented body: the secret null, its flag true.
        const replayed = JSON.parse(jsonWithSecretsOmitted(JSON.stringify({ [field]: 'shown', [omittedFlag(field)]: false })));
        expect(replayed, route.name).toEqual({ [field]: null, [omittedFlag(field)]: true });
        expect(schema.safeParse(replayed).error?.issues.filter((i) => i.path[0] === field || i.path[0] === omittedFlag(field)) ?? [], route.name).toEqual([]);
      }
    }
  });

  it('are left out of what is stored, and other bodies are kept byte for byte', () => {
    const created = JSON.stringify({ id: 'w1', url: 'https://example.com/?a=1', ...shownOnce('secret', 'whsec_abc') });
    const plain = '{"id":"a1",  "amount":1234.560}';

    expect(JSON.parse(jsonWithSecretsOmitted(created))).toEqual({ id: 'w1', url: 'https://example.com/?a=1', secret: null, secretOmitted: true });
    expect(jsonWithSecretsOmitted(created)).not.toContain('whsec_abc');
    expect(jsonWithSecretsOmitted(plain)).toBe(plain);
    expect(jsonWithSecretsOmitted('')).toBe('');
    expect(withoutSecrets({ id: 'k1', ...shownOnce('key', 'sk-svc_abc') })).toEqual({ id: 'k1' });
    expect(omittedFlag('key')).toBe('keyOmitted');
  });
});
