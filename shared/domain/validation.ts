// Turns valibot issues into the error messages DECISIONS.md fixes:
// "Validation error: <path> is required", "... is not allowed", "... <what is wrong>".
import * as v from 'valibot';
import { validationError } from './errors';

export function issuePath(path: readonly { key: unknown }[] | undefined): string {
  let out = '';
  for (const { key } of path ?? []) {
    out += typeof key === 'number' ? `[${key}]` : out ? `.${String(key)}` : String(key);
  }
  return out;
}

function describe(issue: v.BaseIssue<unknown>): string {
  const isObjectKeyIssue = issue.type === 'object' || issue.type === 'strict_object';
  if (isObjectKeyIssue && issue.expected === 'never') return 'is not allowed';
  if (isObjectKeyIssue && issue.received === 'undefined' && issue.path?.length) return 'is required';
  if (issue.message && !issue.message.startsWith('Invalid ')) return issue.message;
  return `must be ${issue.expected ?? 'valid'}`;
}

export function formatIssue(issue: v.BaseIssue<unknown>): string {
  const path = issuePath(issue.path);
  return `Validation error: ${path ? `${path} ` : 'body '}${describe(issue)}`;
}

/** Parse a request body; the first problem (in schema order) becomes a 400 VALIDATION_ERROR. */
export function parseBody<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  // valibot's object schemas accept arrays; a body must be a JSON object.
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    throw validationError('Validation error: body must be an object');
  }
  const result = v.safeParse(schema, input ?? {}, { abortPipeEarly: true });
  if (!result.success) throw validationError(formatIssue(result.issues[0]));
  return result.output;
}

// Message helpers so every schema says what is wrong in the same words.
export const msg = {
  string: 'must be a string',
  boolean: 'must be a boolean',
  number: 'must be a number',
  integer: 'must be an integer',
  array: 'must be an array',
  object: 'must be an object',
  maxChars: (n: number) => `must be at most ${n} characters`,
  minChars: (n: number) => `must be at least ${n} character${n === 1 ? '' : 's'}`,
  maxItems: (n: number) => `must have at most ${n} items`,
  minItems: (n: number) => `must have at least ${n} item${n === 1 ? '' : 's'}`,
  oneOf: (values: readonly string[]) => `must be one of: ${values.join(', ')}`,
  between: (min: number, max: number) => `must be between ${min} and ${max}`,
};

/**
 * A JSON object, not an array (v.record and v.object take an array as an object keyed by index). A
 * custom schema has no JSON Schema of its own, so it carries one for the OpenAPI document.
 */
export function jsonObject(message: string) {
  const schema = v.custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    message,
  );
  return Object.assign(schema, { jsonSchema: { type: 'object', additionalProperties: {} } });
}
