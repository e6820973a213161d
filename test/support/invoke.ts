// Invokes a Lambda handler in-process with the API Gateway event the local gateway would build, for
// tests that observe or inject faults into what happens inside one invocation.
import { buildApiEvent, lambdaContext } from '../../scripts/local/gateway';
import type { LambdaApiHandler } from '../../shared/http/pipeline';

export async function invokeHandler(
  handler: LambdaApiHandler,
  request: { method: string; url: string; apiKey: string; body?: unknown; requestId?: string; headers?: Record<string, string> },
) {
  const requestId = request.requestId ?? 'req-test';
  const { event } = buildApiEvent(
    {
      method: request.method,
      url: request.url,
      headers: { authorization: `Bearer ${request.apiKey}`, 'content-type': 'application/json', ...request.headers },
      body: request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body)),
    },
    requestId,
  );
  return handler(event, lambdaContext('test', requestId));
}
