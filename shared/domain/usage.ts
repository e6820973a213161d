// An organization's usage per day (UTC) as the dashboard shows it: imports by outcome, their rows, and
// webhook deliveries by outcome. The counters are moved by the steps they count (shared/data/usage.ts);
// this module holds the query and answer shapes (valibot: validation and the OpenAPI document alike) and
// prices them with the shared cost model (shared/observability/usage-cost.ts).
import * as v from 'valibot';
import { badRequest } from './errors';
import { issuePath } from './validation';
import { USAGE_COST_BASIS, usageCost } from '../observability/usage-cost';

/** The longest range one request reads (a leap year). */
export const USAGE_MAX_DAYS = 366;
/** Without `from`, the range is the 30 days ending with `to`. */
export const USAGE_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as yyyy-mm-dd that exists (2025-02-30 does not). */
const isoDay = v.pipe(
  v.string('must be a date (yyyy-mm-dd)'),
  // Month 13 is no Date at all (toISOString would throw: a 500), February 30 rolls over to March.
  v.check((day) => ISO_DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && utcDay(`${day}T00:00:00Z`) === day, 'must be a date (yyyy-mm-dd)'),
);

/** `GET .../usage?from&to`: both optional; to defaults to today (UTC), from to the 30 days ending with to. */
export const UsageQuerySchema = v.object({ from: v.optional(isoDay), to: v.optional(isoDay) });

/** The UTC day (yyyy-mm-dd) of an ISO time or a millisecond timestamp. */
export const utcDay = (at: string | number | Date) => new Date(at).toISOString().slice(0, 10);

/** `day` moved by `days` (negative: back). */
export const addDays = (day: string, days: number) => utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The range a usage request reads; 400 BAD_REQUEST for a malformed date, to before from, or more than 366 days. */
export function parseUsageQuery(query: Record<string, string | undefined>, now = Date.now()): { from: string; to: string } {
  const result = v.safeParse(UsageQuerySchema, { from: query.from, to: query.to });
  if (!result.success) {
    const [issue] = result.issues;
    throw badRequest(`Invalid query parameter: ${issuePath(issue.path)} ${issue.message}`);
  }
  const to = result.output.to ?? utcDay(now);
  const from = result.output.from ?? addDays(to, 1 - USAGE_DEFAULT_DAYS);
  if (to < from) throw badRequest('Invalid query parameter: to must not be before from');
  if (daysBetween(from, to) > USAGE_MAX_DAYS) throw badRequest(`Invalid query parameter: the range must be at most ${USAGE_MAX_DAYS} days`);
  return { from, to };
}

const count = v.pipe(v.number(), v.integer());

/** One UTC day; every count 0 on a day without activity. */
export const UsageDaySchema = v.object({
  date: v.string(),
  /** Imports that finished this day, by outcome (a deadline's close counts as failed). */
  imports: v.object({ completed: count, failed: count }),
  /** The rows of those imports (completed and failed alike): totalRows, validRows, errorRows. */
  rows: v.object({ total: count, valid: count, error: count }),
  /** Webhook deliveries that ended this day, by outcome, and the attempts they made (test events are not counted). */
  webhooks: v.object({ delivered: count, failed: count, attempts: count }),
  /** Validation hook calls (HTTP attempts) made this day, the rows they sent, and the time spent waiting on them. */
  hooks: v.object({ calls: count, rows: count, ms: count }),
});
export type UsageDay = v.InferOutput<typeof UsageDaySchema>;

const dollars = v.number();
const dollarsOrNull = v.nullable(v.number());

/** The range's cost estimate (USD): the shared cost model over the counts (see `basis`). */
export const UsageCostSchema = v.object({
  currency: v.literal('USD'),
  /** $ of the range's imports, of its webhook deliveries, of its validation hook calls, and all of them. */
  imports: dollars,
  deliveries: dollars,
  hooks: dollars,
  total: dollars,
  /** $ per import, per million rows imported, per million deliveries; null when the range has none. */
  perImport: dollarsOrNull,
  perMillionRows: dollarsOrNull,
  perMillionDeliveries: dollarsOrNull,
  /** $ per million rows sent to a validation hook; null when none were. */
  perMillionHookRows: dollarsOrNull,
  /** What the estimate counts and what it leaves out. */
  basis: v.string(),
});

/** A day with its estimated cost in USD (the same model as the range's). */
export const PricedUsageDaySchema = v.object({ ...UsageDaySchema.entries, cost: dollars });

/** The answer: every day of the range, oldest first, and the range's cost. */
export const UsageSchema = v.object({ from: v.string(), to: v.string(), data: v.array(PricedUsageDaySchema), cost: UsageCostSchema });
export type Usage = v.InferOutput<typeof UsageSchema>;

const countsOf = (day: UsageDay) => ({
  imports: day.imports.completed + day.imports.failed,
  rows: day.rows.total,
  deliveries: day.webhooks.delivered + day.webhooks.failed,
  attempts: day.webhooks.attempts,
  hookCalls: day.hooks.calls,
  hookRows: day.hooks.rows,
  hookMs: day.hooks.ms,
});

/** The usage answer: each day priced, and the range's totals priced as one. */
export function priceUsage(from: string, to: string, days: UsageDay[]): Usage {
  const sum = { imports: 0, rows: 0, deliveries: 0, attempts: 0, hookCalls: 0, hookRows: 0, hookMs: 0 };
  const data = days.map((day) => {
    const counts = countsOf(day);
    for (const name of Object.keys(sum) as (keyof typeof sum)[]) sum[name] += counts[name];
    return { ...day, cost: usageCost(counts).total };
  });
  return { from, to, data, cost: { ...usageCost(sum), basis: USAGE_COST_BASIS } };
}
