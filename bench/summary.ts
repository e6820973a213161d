// The end of `npm run bench`: the headline figures of the modules' results (bench/results/*.json), each
// beside its target (issue 33) and whether this run met it, printed as one table and written to
// bench/results/summary.json. A module that failed or did not write its results in this run shows "no
// result" (a file older than the run is not read): the summary never invents a figure.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { API_SERVICES } from '../lib/operations/catalog';
import * as h from './harness';

interface Row {
  figure: string;
  value: number | null;
  unit: string;
  target: string;
  met: boolean | null;
  from: string;
}

/** When this run began: results written before it are another run's. */
let runStartedMs = 0;

function results(name: string): any {
  const path = join(h.ROOT, 'bench', 'results', `${name}.json`);
  if (!existsSync(path) || statSync(path).mtimeMs < runStartedMs) return undefined;
  return JSON.parse(readFileSync(path, 'utf8'));
}

const atMost = (value: number | null | undefined, limit: number) => (value === null || value === undefined ? null : value <= limit);
const atLeast = (value: number | null | undefined, limit: number) => (value === null || value === undefined ? null : value >= limit);

function coldStartRows(): Row[] {
  const report = results('cold-start');
  if (!report) return [{ figure: 'cold starts', value: null, unit: '', target: '', met: null, from: 'cold-start.json' }];
  // This checkout's build as deployed, not the variants (no alias, no source maps) or other checkouts.
  const build = report.builds?.find((b: { variant?: unknown }) => !b.variant)?.label;
  return report.results
    .filter((r: { build: string }) => r.build === build)
    .flatMap((r: { function: string; importMs: { median: number }; firstRequestMs: { median: number } }) => {
      const rows: Row[] = [{ figure: `${r.function}: fresh-process import (median)`, value: r.importMs.median, unit: 'ms', target: '<= 120', met: atMost(r.importMs.median, 120), from: 'cold-start.json' }];
      if ((API_SERVICES as readonly string[]).includes(r.function)) {
        rows.push({ figure: `${r.function}: first request (median)`, value: r.firstRequestMs.median, unit: 'ms', target: '<= 200', met: atMost(r.firstRequestMs.median, 200), from: 'cold-start.json' });
      }
      return rows;
    });
}

function webhookRows(): Row[] {
  const report = results('webhooks');
  const delivered = report?.cost?.rows?.[0];
  const ratio = report?.throughput?.ratios?.firstBest;
  return [
    {
      figure: `a delivered webhook (${delivered?.scenario ?? 'receiver answers at once'})`,
      value: delivered?.price?.total ?? null,
      unit: '$/M',
      target: '<= 1.50',
      met: atMost(delivered?.price?.total, 1.5),
      from: 'webhooks.json',
    },
    { figure: 'webhook worker throughput / a plain POST loop (best)', value: ratio ?? null, unit: 'x', target: '>= 0.30', met: atLeast(ratio, 0.3), from: 'webhooks.json' },
  ];
}

function listRows(): Row[] {
  const report = results('requests');
  const scenario = (name: string) => report?.scenarios?.find((s: { scenario: string }) => s.scenario === name)?.costPerMillion?.total ?? null;
  return [
    ['template list on /api/v1', 'list templates (25, limit 20)'],
    ['template list on /dashboard/v1', 'dashboard: list templates (25, limit 20)'],
  ].map(([figure, name]) => ({ figure, value: scenario(name), unit: '$/M', target: '<= 3.00', met: atMost(scenario(name), 3), from: 'requests.json' }));
}

export function summarize(failed: string[], startedMs: number) {
  runStartedMs = startedMs;
  const seconds = Math.round((Date.now() - startedMs) / 1000);
  const rows = [...coldStartRows(), ...webhookRows(), ...listRows()];
  console.log(`\nnpm run bench: ${Math.round(seconds / 60)} min (target < 25 min: ${h.verdict(seconds < 25 * 60)})${failed.length ? `; failed: ${failed.join(', ')}` : ''}\n`);
  h.table(
    ['figure', 'value', 'target', 'met', 'from'],
    rows.map((row) => [row.figure, row.value === null ? 'no result' : `${Math.round(row.value * 10_000) / 10_000} ${row.unit}`, `${row.target} ${row.unit}`.trim(), row.met === null ? '-' : h.verdict(row.met), row.from]),
  );
  h.writeResults('summary', { generatedAt: new Date().toISOString(), seconds, failed, rows });
}
