// What the operations tooling (dashboard, alarms, cost budgets) watches: every API operation as the
// functions name it in their metrics, and the queue consumers. Derived from the route table, so a new
// route gets its dashboard line and its cost alarm without anyone listing it here.
// No aws-cdk-lib import: tests load this without synthesizing.
import { FUNCTION_GROUPS, meteredOperation, ROUTES, type FunctionGroup } from '../../shared/http/routes';

/** The not-found function's service and operation (functions/not-found/handler.ts). */
export const NOT_FOUND_SERVICE = 'not-found';
export const NOT_FOUND_OPERATION = 'notFound';

/** The queue consumers' services and operations (functions/import-processor, functions/webhook-worker). */
export const PROCESSOR = { service: 'import-processor', import: 'import', deadline: 'deadline' } as const;
export const WORKER = { service: 'webhook-worker', attempt: 'attempt', hop: 'hop' } as const;

export type ApiService = FunctionGroup | typeof NOT_FOUND_SERVICE;

export interface ApiOperation {
  /** The metrics' `service` dimension: the function group. */
  service: ApiService;
  /** The metrics' `operation` dimension: the route's operationId (`preflight` for every embed OPTIONS route). */
  operation: string;
}

/**
 * Every API operation, grouped by function in route-table order. A request that matches no route inside
 * a group is also counted as `notFound` under that group; API Gateway routes only the table's route keys
 * to a group function, so on AWS that happens only through a direct invocation and is not watched.
 */
export function apiOperations(): ApiOperation[] {
  const seen = new Set<string>();
  const operations: ApiOperation[] = [];
  for (const route of ROUTES) {
    const operation = meteredOperation(route);
    const key = `${route.group}/${operation}`;
    if (seen.has(key)) continue;
    seen.add(key);
    operations.push({ service: route.group, operation });
  }
  operations.push({ service: NOT_FOUND_SERVICE, operation: NOT_FOUND_OPERATION });
  return operations;
}

/** The API services in dashboard order: the route table's groups, then the not-found function. */
export const API_SERVICES: readonly ApiService[] = [...FUNCTION_GROUPS, NOT_FOUND_SERVICE];

export const operationsOf = (service: ApiService) => apiOperations().filter((op) => op.service === service);
