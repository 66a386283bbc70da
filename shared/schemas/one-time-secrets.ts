/**
 * Secrets a response shows once (pure): an API key's `key`, a webhook's signing `secret`. Such a
 * response pairs each with `<field>Omitted`: false where the secret is shown, true where it is
 * withheld. Nothing that outlives the response keeps the secret: a stored idempotent response
 * replays with the secret null and its flag true (the secret was shown on the first response),
 * and an event carries neither field (its data is the record as a GET shows it).
 */
export const ONE_TIME_SECRET_FIELDS = ['key', 'secret'] as const;
export type OneTimeSecretField = (typeof ONE_TIME_SECRET_FIELDS)[number];

export const omittedFlag = (field: OneTimeSecretField) => `${field}Omitted` as const;

/** The response that shows `value` once: the secret, flagged as shown. */
export function shownOnce<F extends OneTimeSecretField>(field: F, value: string): { [K in F]: string } & { [K in `${F}Omitted`]: false } {
  return { [field]: value, [omittedFlag(field)]: false } as never;
}

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

const secretsIn = (body: Record<string, unknown>) => ONE_TIME_SECRET_FIELDS.filter((field) => field in body);

/** The body as it may be kept and replayed: each secret null and flagged omitted; any other body as it is. */
function withSecretsOmitted<T>(body: T): T {
  const object = asObject(body);
  if (!object || secretsIn(object).length === 0) return body;
  return { ...object, ...Object.fromEntries(secretsIn(object).flatMap((field) => [[field, null], [omittedFlag(field), true]])) } as T;
}

/** A stored response's JSON text with its secrets omitted; text that carries none (or is no JSON object) is kept byte for byte. */
export function jsonWithSecretsOmitted(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const omitted = withSecretsOmitted(parsed);
  return omitted === parsed ? text : JSON.stringify(omitted);
}

/** The body without its secrets or their flags: the record as a read shows it. */
export function withoutSecrets(body: Record<string, unknown>): Record<string, unknown> {
  const dropped = new Set<string>(ONE_TIME_SECRET_FIELDS.flatMap((field) => [field, omittedFlag(field)]));
  return Object.fromEntries(Object.entries(body).filter(([name]) => !dropped.has(name)));
}
