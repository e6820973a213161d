// Builds `SET` update expressions from a field map, with placeholders for every name and value
// (attribute names such as `name` or `plan` are DynamoDB reserved words).

export interface SetExpression {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/** SET every field whose value is not undefined (null is stored as null). */
export function setFields(fields: Record<string, unknown>): SetExpression {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  return {
    UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([field], i) => [`#f${i}`, field])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
  };
}
