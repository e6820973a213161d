// The one rule for numbers that reach storage: template rules today, import metadata and values read
// from files as well. A stored number is finite, within ±9007199254740991 (Number.MAX_SAFE_INTEGER),
// and either 0 or at least 1e-100 in absolute value.
// Why: the DynamoDB document client refuses numbers beyond the safe integers (they would not read back
// exactly as JavaScript numbers), and DynamoDB refuses magnitudes below 1e-130; 1e-100 is a round bound
// with margin. Inside these bounds every number is stored as its shortest decimal form and read back
// exactly as sent, so accepting a number never means silently changing it.
import * as v from 'valibot';
import { msg } from './validation';

export const MAX_STORED_NUMBER = Number.MAX_SAFE_INTEGER;
export const MIN_STORED_MAGNITUDE = 1e-100;

export const STORED_NUMBER_RANGE_MESSAGE = `must be a number between -${MAX_STORED_NUMBER} and ${MAX_STORED_NUMBER}`;
export const STORED_NUMBER_MAGNITUDE_MESSAGE = `must be 0 or at least ${MIN_STORED_MAGNITUDE} in absolute value`;

export function isStorableNumber(n: number): boolean {
  return storedNumberProblem(n) === undefined;
}

/** What is wrong with a number that cannot be stored (one of the two messages), or undefined. */
export function storedNumberProblem(n: number): string | undefined {
  if (!Number.isFinite(n) || Math.abs(n) > MAX_STORED_NUMBER) return STORED_NUMBER_RANGE_MESSAGE;
  if (n !== 0 && Math.abs(n) < MIN_STORED_MAGNITUDE) return STORED_NUMBER_MAGNITUDE_MESSAGE;
  return undefined;
}

/**
 * A client number that will be stored. The range is checked with minValue/maxValue so that the OpenAPI
 * document shows it (JSON Schema has no word for the magnitude bound: the description says it); the
 * last check is the whole rule, and by then only the magnitude can fail.
 */
export const storableNumber = v.pipe(
  v.number(msg.number),
  v.minValue(-MAX_STORED_NUMBER, STORED_NUMBER_RANGE_MESSAGE),
  v.maxValue(MAX_STORED_NUMBER, STORED_NUMBER_RANGE_MESSAGE),
  v.check(isStorableNumber, STORED_NUMBER_MAGNITUDE_MESSAGE),
  v.description(`0, or at least ${MIN_STORED_MAGNITUDE} in absolute value`),
);

/** A count or length that will be stored: a non-negative safe integer (always a storable number). */
export const storableInteger = v.pipe(
  v.number(msg.number),
  v.integer(msg.integer),
  v.minValue(0, msg.between(0, MAX_STORED_NUMBER)),
  v.maxValue(MAX_STORED_NUMBER, msg.between(0, MAX_STORED_NUMBER)),
);
