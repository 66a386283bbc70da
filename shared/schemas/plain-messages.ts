import type { core } from 'zod/mini';

/**
 * The reasons a field check gives when its schema gives none of its own, in the words of the
 * service's other reasons ("is required", "must be a string"), read after the field's name:
 * `entries[0].side: must be a number, not a string`. zod's own ("Invalid input: expected string,
 * received undefined") name types the way a TypeScript reader does. An issue this does not
 * word reads as zod's "Invalid input": a refinement without a message of its own, and unknown
 * keys, which field-path.ts names one by one in its own words; no schema takes records or maps.
 */
export const plainMessage: core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      if (issue.expected === 'int' && typeof issue.input === 'number') return 'must be a whole number';
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}, not ${valueWord(issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${shown(issue.values[0])}` : `must be one of ${issue.values.map(shown).join(', ')}`;
    case 'too_small':
      return sizeMessage(issue.origin, issue.exact ? 'exactly' : issue.inclusive ? 'at least' : 'more than', issue.minimum);
    case 'too_big':
      return sizeMessage(issue.origin, issue.exact ? 'exactly' : issue.inclusive ? 'at most' : 'less than', issue.maximum);
    case 'invalid_format':
      return formatMessage(issue);
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_union': {
      if (issue.input === undefined) return 'is required';
      // A discriminated union names its discriminator and the values it takes; the input is the object.
      const { options, discriminator } = issue as { options?: unknown[]; discriminator?: string };
      if (!options?.length) return 'matches none of the forms this field takes';
      const absent = discriminator !== undefined && (issue.input as Record<string, unknown> | undefined)?.[discriminator] === undefined;
      const values = options.map(shown).join(', ');
      return absent ? `is required (one of ${values})` : `must be one of ${values}`;
    }
    default:
      return undefined;
  }
};

const TYPE_WORDS: Partial<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  bigint: 'an integer',
  date: 'a date',
  null: 'null',
};

/** What the client sent, in the same words. */
function valueWord(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  switch (typeof input) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return input ? 'true' : 'false';
    case 'object':
      return 'an object';
    default:
      return typeof input;
  }
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? String(value));

/** "must be at least 3 characters long", "must hold at most 100 items", "must be more than 0". */
function sizeMessage(origin: string, bound: string, limit: number | bigint | Date): string {
  const n = Number(limit);
  if (origin === 'string') return bound === 'at least' && n === 1 ? 'must not be empty' : `must be ${bound} ${n} ${n === 1 ? 'character' : 'characters'} long`;
  if (origin === 'array' || origin === 'set') return bound === 'at least' && n === 1 ? 'must hold at least one item' : `must hold ${bound} ${n} ${n === 1 ? 'item' : 'items'}`;
  return `must be ${bound} ${limit instanceof Date ? limit.toISOString() : String(limit)}`;
}

const FORMAT_WORDS: Partial<Record<string, string>> = {
  uuid: 'a UUID',
  guid: 'a UUID',
  email: 'an email address',
  url: 'a URL',
  datetime: 'a date-time in ISO 8601 form (2026-01-31T09:30:00Z)',
  date: 'a date in the form YYYY-MM-DD',
  time: 'a time in the form HH:MM:SS',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  cidrv4: 'an IPv4 range (CIDR)',
  cidrv6: 'an IPv6 range (CIDR)',
};

function formatMessage(issue: core.$ZodRawIssue<core.$ZodIssueInvalidStringFormat>): string {
  const words = FORMAT_WORDS[issue.format];
  if (words) return `must be ${words}`;
  const detail = issue as { prefix?: string; suffix?: string; includes?: string; pattern?: string };
  if (issue.format === 'starts_with') return `must start with "${detail.prefix}"`;
  if (issue.format === 'ends_with') return `must end with "${detail.suffix}"`;
  if (issue.format === 'includes') return `must include "${detail.includes}"`;
  if (issue.format === 'regex' && detail.pattern) return `must match the pattern ${detail.pattern}`;
  return `must be in the ${issue.format} format`;
}
