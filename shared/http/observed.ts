// Every API function's outermost layer: the request observed as one unit of work (correlation id in the
// logs, meter, metrics under its operation id), and the due metrics written before Lambda freezes.
import type { Context } from 'aws-lambda';
import { observeWork } from '../observability/observe';
import { flushMetrics, METRIC } from '../observability/metrics';
import type { ApiEvent, ApiResult } from './middleware';

type Handler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

const statusClass = (status: number) => ({
  [METRIC.status4xx]: status >= 400 && status < 500 ? 1 : 0,
  [METRIC.status5xx]: status >= 500 ? 1 : 0,
});

/** `operationOf` names a request's operation from its route key (the route table's operationId). */
export function observed(service: string, operationOf: (routeKey: string) => string, handler: Handler): Handler {
  return async (event, context) => {
    const response = await observeWork({
      service,
      operation: operationOf(event.routeKey),
      correlation: { requestId: event.requestContext?.requestId },
      work: () => handler(event, context),
      resultFigures: (result) => ({
        ...statusClass(result.statusCode ?? 200),
        [METRIC.responseBytes]: result.body ? Buffer.byteLength(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : 0,
      }),
    });
    flushMetrics();
    return response;
  };
}
