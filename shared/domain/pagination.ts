// Page-number pagination shared by both lists: page >= 1, 1 <= limit <= 100, defaults 1 and 20.
import * as v from 'valibot';
import { badRequest } from './errors';
import { issuePath } from './validation';

export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 20;
/** The rows and errors endpoints of an import page by up to 1,000 (one stored chunk). */
export const ROWS_PAGE_MAX = 1000;
export const ROWS_PAGE_DEFAULT = 100;

export interface PageRequest {
  page: number;
  limit: number;
}

export interface Pagination extends PageRequest {
  total: number;
  totalPages: number;
}

const integerParam = (min: number, max: number, fallback: number, message: string) =>
  v.optional(
    v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message)),
    fallback,
  );

/** Query schema: documents the parameters in OpenAPI and validates them after string-to-number conversion. */
export function pageQuerySchema(maxLimit = MAX_PAGE_LIMIT, defaultLimit = DEFAULT_PAGE_LIMIT) {
  return v.object({
    page: integerParam(1, Number.MAX_SAFE_INTEGER, 1, 'must be an integer >= 1'),
    limit: integerParam(1, maxLimit, defaultLimit, `must be an integer between 1 and ${maxLimit}`),
  });
}

const defaultPageQuery = pageQuerySchema();

/** Query values arrive as strings; only plain decimal digits are integers here ("1.0", "1e2", "" are not). */
function toInteger(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  return /^[0-9]{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
}

export function parsePageRequest(
  query: Record<string, string | undefined>,
  schema: ReturnType<typeof pageQuerySchema> = defaultPageQuery,
): PageRequest {
  const result = v.safeParse(schema, { page: toInteger(query.page), limit: toInteger(query.limit) });
  if (!result.success) {
    const [issue] = result.issues;
    throw badRequest(`Invalid query parameter: ${issuePath(issue.path)} ${issue.message}`);
  }
  return result.output;
}

export function pagination({ page, limit }: PageRequest, total: number): Pagination {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}

export const PaginationSchema = v.object({
  page: v.pipe(v.number(), v.integer()),
  limit: v.pipe(v.number(), v.integer()),
  total: v.pipe(v.number(), v.integer()),
  totalPages: v.pipe(v.number(), v.integer()),
});
