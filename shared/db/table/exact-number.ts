import { NumberValue } from '@aws-sdk/lib-dynamodb';

/** The document client hands DynamoDB numbers over as JS numbers unless wrapped; read the exact text either way. */
export function exact(value: unknown): string {
  if (value instanceof NumberValue) return value.toString();
  return String(value ?? 0);
}
