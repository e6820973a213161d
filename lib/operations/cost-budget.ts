// The per-stage cost budget of each API operation, in $ per million requests: what its cost alarm
// compares the measured figure with. Default: COST_BUDGET_FACTOR times the benched figure; the context
// `-c costBudgetPerMillion=N` sets one budget for every operation, or a JSON object per operation
// (`-c costBudgetPerMillion='{"createEmbedImport":25,"*":6}'`, "*" for the operations not named).
// No aws-cdk-lib import: tests load this without synthesizing.
import { benchedOrFallback } from './benched-costs';
import { apiOperations, type ApiOperation } from './catalog';

/** Headroom over the benched figure: Lambda's slower CPU and real item sizes, not a regression. */
export const COST_BUDGET_FACTOR = 1.5;

export type CostBudgetSetting = number | Readonly<Record<string, number>>;

export interface OperationBudget extends ApiOperation {
  /** $ per million requests above which the operation's cost alarm fires. */
  budgetPerMillion: number;
  /** Where the budget comes from, for the alarm's description and the runbook. */
  source: string;
}

const positive = (value: unknown, what: string): number => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) {
    throw new Error(`${what} must be a positive number of dollars per million requests, got ${JSON.stringify(value)}`);
  }
  return number;
};

/** Reads the context value (`-c` gives a string; tests may pass a number or an object). */
export function parseCostBudget(raw: unknown): CostBudgetSetting | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  let value = raw;
  if (typeof raw === 'string' && raw.trim().startsWith('{')) {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new Error(`costBudgetPerMillion is neither a number nor a JSON object: ${raw}`);
    }
  }
  if (typeof value === 'object') {
    const known = new Set([...apiOperations().map((op) => op.operation), '*']);
    const entries = Object.entries(value as Record<string, unknown>).map(([operation, budget]) => {
      if (!known.has(operation)) throw new Error(`costBudgetPerMillion names an unknown operation "${operation}" (operationIds of shared/http/routes.ts, notFound, or "*")`);
      return [operation, positive(budget, `costBudgetPerMillion.${operation}`)] as const;
    });
    return Object.fromEntries(entries);
  }
  return positive(value, 'costBudgetPerMillion');
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Each API operation with its budget. */
export function operationBudgets(setting: CostBudgetSetting | undefined): OperationBudget[] {
  const operations = apiOperations();
  return operations.map((op) => {
    const own = typeof setting === 'object' ? (setting[op.operation] ?? setting['*']) : setting;
    if (own !== undefined) {
      return { ...op, budgetPerMillion: own, source: 'set by the stage (context costBudgetPerMillion)' };
    }
    const group = operations.filter((other) => other.service === op.service).map((other) => other.operation);
    const { perMillion, benched, from } = benchedOrFallback(op.operation, group);
    return {
      ...op,
      budgetPerMillion: round(perMillion * COST_BUDGET_FACTOR),
      source: benched
        ? `${COST_BUDGET_FACTOR} x the benched $${perMillion}/M`
        : `${COST_BUDGET_FACTOR} x the benched $${perMillion}/M of ${from} (no bench figure of its own)`,
    };
  });
}
