// The spec's error shape on the wire: { error: { code, message } }.
import type { ErrorCode } from '../domain/errors';

export function errorBody(code: ErrorCode, message: string): string {
  return JSON.stringify({ error: { code, message } });
}
