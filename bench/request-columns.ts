// The columns of a request scenario's row that every request-cost table prints (bench/requests.ts, and
// bench/api-imports.ts from the JSON requests.ts writes): what it answered, its time, its DynamoDB calls
// and units, its answer's size. The cost parts that follow differ per table.
import type { Column } from './harness';

/** The figures of a request scenario the shared columns read. */
export interface RequestScenarioFigures {
  scenario: string;
  statuses: Record<string, number>;
  durationMs: { mean: number; p95: number };
  dynamodb: { calls: number; rcu: number; wcu: number; callsWithoutReportedCapacity: number };
  responseBytes: number;
}

/** Dollars per million at the tables' precision. */
export const money = (value: number) => value.toFixed(3);

/** `*` marks WCU that DynamoDB Local did not report for every call (priced, not reported). */
export function requestColumns<S extends RequestScenarioFigures>(): Column<S>[] {
  return [
    ['scenario', (s) => s.scenario],
    ['status', (s) => Object.keys(s.statuses).join('/')],
    ['mean ms', (s) => s.durationMs.mean.toFixed(2)],
    ['p95 ms', (s) => s.durationMs.p95.toFixed(2)],
    ['DDB calls', (s) => s.dynamodb.calls],
    ['RCU', (s) => s.dynamodb.rcu],
    ['WCU', (s) => `${s.dynamodb.wcu}${s.dynamodb.callsWithoutReportedCapacity > 0 ? '*' : ''}`],
    ['resp B', (s) => s.responseBytes],
  ];
}
