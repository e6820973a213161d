// What each API operation cost in the request benchmark, in $ per million requests: the reference the
// per-operation cost alarms are set from (COST_BUDGET_FACTOR times this figure unless a stage sets its
// own budget). Copied from bench/results/requests.json (bench/results/ is not committed); refresh it
// after a change that moves a figure: `npm run bench:requests -- --iterations 50 --warmup 5`, then
// copy each mapped scenario's costPerMillion.total below.
// No aws-cdk-lib import: tests load this without synthesizing.

/** The run the figures below come from. */
export const BENCH_RUN = {
  command: 'npm run bench:requests -- --iterations 50 --warmup 5',
  generatedAt: '2026-11-24T05:39:10.639Z',
  /** The bench code as of this commit (bench/requests.ts priced by the shared cost model). */
  commit: '2f3b43a',
  iterations: 50,
  warmup: 5,
} as const;

/**
 * Bench scenario -> the operationId whose requests it measures, and its costPerMillion.total. Where
 * two scenarios measure one operation (list imports with and without filters, a rows page of 100 and
 * of 1,000 rows), the operation's figure is the higher one. Error scenarios (401, 429, 404 of a
 * template not embed-enabled) are answers of an operation, cheaper than its success, and set nothing.
 */
export const BENCH_SCENARIOS: readonly { scenario: string; operation: string | null; perMillion: number }[] = [
  // The list as one range Query (2026-11-29: `npm run bench:requests -- --only 'list templates' --iterations 50 --warmup 5`; 3.4655 before).
  { scenario: 'list templates (25, limit 20)', operation: 'listTemplates', perMillion: 2.576 },
  { scenario: 'get template', operation: 'getTemplate', perMillion: 2.1086 },
  { scenario: 'create template (8 columns)', operation: 'createTemplate', perMillion: 5.7431 },
  { scenario: 'patch template (name, description)', operation: 'updateTemplate', perMillion: 2.6711 },
  { scenario: 'duplicate template', operation: 'duplicateTemplate', perMillion: 5.8708 },
  { scenario: 'delete template', operation: 'deleteTemplate', perMillion: 5.7307 },
  { scenario: 'list imports (25, limit 20)', operation: 'listImports', perMillion: 3.4866 },
  { scenario: 'list imports (templateId + status)', operation: 'listImports', perMillion: 3.4819 },
  { scenario: 'get import (finished, 8 columns)', operation: 'getImport', perMillion: 2.0985 },
  { scenario: 'rows page (limit 100 of 1,000)', operation: 'listImportRows', perMillion: 2.5064 },
  { scenario: 'rows page (limit 1000, two chunks)', operation: 'listImportRows', perMillion: 2.9634 },
  { scenario: 'get branding (starter, 5 fields set)', operation: 'getBranding', perMillion: 2.0966 },
  { scenario: 'put branding (5 fields)', operation: 'updateBranding', perMillion: 2.5971 },
  { scenario: '401 unknown API key', operation: null, perMillion: 1.341 },
  { scenario: '429 over the write limit', operation: null, perMillion: 1.3381 },
  { scenario: 'unknown route (not-found)', operation: 'notFound', perMillion: 1.3362 },
  { scenario: 'embed: get template (8 columns, branding)', operation: 'getEmbedTemplate', perMillion: 2.482 },
  { scenario: 'embed: start import (presigned URL)', operation: 'createEmbedImport', perMillion: 7.6621 },
  { scenario: 'embed: import status with token (finished import)', operation: 'getEmbedImport', perMillion: 2.3445 },
  { scenario: 'embed: error rows page with token', operation: 'listEmbedImportErrors', perMillion: 2.7528 },
  { scenario: 'embed: mapping preview with suggestions', operation: 'getEmbedImportPreview', perMillion: 2.8179 },
  { scenario: 'embed: CORS preflight (allowed origins)', operation: 'preflight', perMillion: 1.4614 },
  { scenario: 'embed: 429 over the per-client limit', operation: null, perMillion: 1.4656 },
  { scenario: 'embed: 404 template not embed-enabled', operation: null, perMillion: 1.4619 },
  // From `npm run bench:requests -- --only 'api import' --iterations 200 --warmup 10` (2026-11-29, run by
  // `npm run bench:api-imports`): the API's import creation (the higher figure is with an Idempotency-Key,
  // which the official client sends on every POST) and its review link.
  { scenario: 'api import: create (POST /api/v1/imports)', operation: 'createImport', perMillion: 7.609 },
  { scenario: 'api import: create with an Idempotency-Key', operation: 'createImport', perMillion: 8.858 },
  { scenario: 'api import: replayed create (same key and body)', operation: null, perMillion: 1.99 },
  { scenario: 'api import: open a review link', operation: 'createReviewLink', perMillion: 2.759 },
  { scenario: 'api import: close the review link', operation: 'deleteReviewLink', perMillion: 2.616 },
  // From `npm run bench:corrections` (bench/results/corrections.json, its per-request table: 100,000 rows,
  // 20,000 in error; a bulk change's cost grows with the import's rows, so a larger import's runs above it).
  { scenario: 'corrections: cell edit (one cell)', operation: 'correctEmbedImportRows', perMillion: 8.495 },
  { scenario: 'corrections: rows page (100 of 100,000)', operation: 'listEmbedImportRows', perMillion: 2.727 },
  { scenario: 'corrections: remove every row in error (100,000 rows)', operation: 'removeEmbedImportRows', perMillion: 155.657 },
  { scenario: 'corrections: replace over a column (100,000 rows)', operation: 'replaceInEmbedImportRows', perMillion: 618.419 },
  { scenario: 'corrections: submit', operation: 'submitEmbedImport', perMillion: 6.541 },
  // The dashboard API is watched as one operation (OBSERVED_AS_ONE): its budget is its dearest route's.
  // From `npm run bench:requests -- --only dashboard --iterations 50 --warmup 5`.
  { scenario: 'dashboard: me (one membership)', operation: 'dashboard', perMillion: 2.157 },
  { scenario: 'dashboard: get organization', operation: 'dashboard', perMillion: 2.255 },
  { scenario: 'dashboard: list templates (25, limit 20)', operation: 'dashboard', perMillion: 2.822 },
  { scenario: 'dashboard: get import (finished, 8 columns)', operation: 'dashboard', perMillion: 2.378 },
  { scenario: 'dashboard: list API keys (3)', operation: 'dashboard', perMillion: 2.71 },
  { scenario: 'dashboard: list members (4)', operation: 'dashboard', perMillion: 2.309 },
  { scenario: 'dashboard: audit log page (limit 20)', operation: 'dashboard', perMillion: 2.435 },
  { scenario: 'dashboard: usage (30 days)', operation: 'dashboard', perMillion: 2.242 },
  { scenario: 'dashboard: rotate webhook secret', operation: 'dashboard', perMillion: 5.51 },
  { scenario: 'dashboard: create API key', operation: 'dashboard', perMillion: 7.394 },
  { scenario: 'dashboard: create template (8 columns)', operation: 'dashboard', perMillion: 7.4 },
  { scenario: 'dashboard: 404 not a member', operation: null, perMillion: 2.225 },
];

/** $ per million requests per benched operationId (the higher scenario where two measure one operation). */
export const BENCHED_COST_PER_MILLION: Readonly<Record<string, number>> = BENCH_SCENARIOS.reduce<Record<string, number>>(
  (figures, { operation, perMillion }) => {
    if (operation) figures[operation] = Math.max(figures[operation] ?? 0, perMillion);
    return figures;
  },
  {},
);

/**
 * Operations not benched whose work is that of one benched operation, not of their function's most
 * expensive (the embed function's is a bulk correction over 100,000 rows): a mapping's confirmation
 * writes like the import's creation; a restore is the same pass as a removal; an import's template reads
 * what the embed template route reads (the import's snapshot instead of the template).
 */
const LIKE_OPERATION: Readonly<Record<string, string>> = {
  confirmEmbedImportMapping: 'createEmbedImport',
  getEmbedImportTemplate: 'getEmbedTemplate',
  // The imports function's unbenched routes read (or, for the resend, write one record) like its list,
  // its dearest benched read: the import creation, dearer still, writes what none of them writes.
  listImportErrors: 'listImports',
  listImportCorrections: 'listImports',
  listHookCalls: 'listImports',
  listWebhookAttempts: 'listImports',
  resendWebhook: 'listImports',
  restoreEmbedImportRows: 'removeEmbedImportRows',
};

/**
 * Operations the benchmark does not measure (listImportErrors, listWebhookAttempts, resendWebhook
 * today) take the figure of the most expensive benched operation of their own function: the same
 * authentication, the same kind of reads, and a documented, conservative default rather than a guess.
 */
export function benchedOrFallback(operation: string, groupOperations: readonly string[]): { perMillion: number; benched: boolean; from: string } {
  const own = BENCHED_COST_PER_MILLION[operation];
  if (own !== undefined) return { perMillion: own, benched: true, from: operation };
  const like = LIKE_OPERATION[operation];
  if (like) return { perMillion: BENCHED_COST_PER_MILLION[like], benched: false, from: like };
  // Only figures benched for the function's own operations: not those borrowed from a like operation.
  const candidates = groupOperations.flatMap((op) => (BENCHED_COST_PER_MILLION[op] !== undefined ? [{ perMillion: BENCHED_COST_PER_MILLION[op], from: op }] : []));
  if (candidates.length === 0) throw new Error(`No benched figure for ${operation} nor for any operation of its function`);
  const best = candidates.reduce((top, candidate) => (candidate.perMillion > top.perMillion ? candidate : top));
  return { perMillion: best.perMillion, benched: false, from: best.from };
}
