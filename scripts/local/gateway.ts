// The local HTTP gateway: turns each request into an API Gateway HTTP API (payload 2.0) event and
// invokes the same handler Lambda runs, chosen from the same route table the CDK stack deploys. Routes
// with `authorizer: 'jwt'` pass the JWT authorizer's checks first (jwt-authorizer.ts), as on AWS.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { ROUTES, routeKey, type FunctionGroup } from '../../shared/http/routes';
import { JWT_ROUTE_SCOPES } from '../../shared/http/route-definition';
import { errorBody } from '../../shared/http/error-body';
import { StartupError } from './ports';
import { UPLOAD_FRONT_PREFIX } from './upload-front';
import type { WidgetFront } from './widget-front';
import { isDashboardPath, type DashboardFront } from './dashboard-front';
import type { JwtAuthorizer } from './jwt-authorizer';

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** API Gateway's own payload limit for HTTP APIs. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
const TEXT_CONTENT = /^(application\/(json|xml|x-www-form-urlencoded)|text\/)/i;

interface CompiledRoute {
  key: string;
  method: string;
  pattern: RegExp;
  paramNames: string[];
  group: FunctionGroup;
  authorizer?: 'jwt';
}

const compiledRoutes: CompiledRoute[] = ROUTES.map((route) => {
  const paramNames: string[] = [];
  const source = route.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    paramNames.push(name);
    return '([^/]+)';
  });
  return {
    key: routeKey(route),
    method: route.method,
    pattern: new RegExp(`^${source}$`),
    paramNames,
    group: route.group,
    authorizer: route.authorizer,
  };
});

export type HandlerLoader = (group: FunctionGroup | 'not-found') => Promise<LambdaHandler>;

/** Handlers are the modules under functions/, loaded once, exactly as Lambda loads them. */
export const loadFunctionHandler: HandlerLoader = async (group) => {
  const module = await import(`../../functions/${group}/handler`);
  return module.handler as LambdaHandler;
};

/** The Lambda context of one invocation: API functions have API Gateway's 29 s, queue consumers their own timeout. */
export function lambdaContext(functionName: string, requestId: string, timeoutMs = 29_000, memoryMb = 256): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: String(memoryMb),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function readBody(request: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_PAYLOAD_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_PAYLOAD_BYTES ? 'too-large' : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Malformed percent-encoding is passed on as sent rather than failing the request. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export interface HttpRequestInput {
  method: string;
  /** Path plus query string, as on the request line. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: Buffer;
  sourceIp?: string;
  httpVersion?: string;
}

/** The API Gateway HTTP API (payload 2.0) event for a request, the function group it routes to and the route's authorizer. */
export function buildApiEvent(input: HttpRequestInput, requestId: string) {
  const url = new URL(input.url, 'http://localhost');
  const method = input.method.toUpperCase();
  const body = input.body ?? Buffer.alloc(0);
  const route = compiledRoutes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
  const match = route?.pattern.exec(url.pathname);
  const pathParameters = route && match
    ? Object.fromEntries(route.paramNames.map((name, i) => [name, safeDecode(match[i + 1])]))
    : undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) {
    const lower = name.toLowerCase();
    if (value !== undefined && lower !== 'cookie') headers[lower] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookie = input.headers.cookie;
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const isText = TEXT_CONTENT.test(headers['content-type'] ?? '');
  const now = new Date();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: route?.key ?? '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: typeof cookie === 'string' ? cookie.split(/;\s*/) : undefined,
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${input.httpVersion ?? '1.1'}`,
        sourceIp: input.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: route?.key ?? '$default',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length > 0 ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
  };
  return { event, group: route?.group ?? ('not-found' as const), authorizer: route?.authorizer };
}

function send(response: ServerResponse, result: APIGatewayProxyStructuredResultV2) {
  const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]));
  const body = result.body
    ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8')
    : Buffer.alloc(0);
  response.writeHead(result.statusCode ?? 200, headers);
  response.end(body);
}

/** Requests under UPLOAD_FRONT_PREFIX go to the local S3 front (presigned uploads), unbuffered. */
type UploadFront = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** The local identity provider (the stand-in for Cognito) on the gateway, and the authorizer that trusts it. */
export interface IdentityMount {
  /** Requests under this path go to `front`, unbuffered (/oidc). */
  prefix: string;
  front: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  authorizer: JwtAuthorizer;
}

/** API Gateway's answer to a valid token that lacks the route's scopes: the function never runs. */
function forbiddenByGateway(requestId: string): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: 403,
    headers: { 'Content-Type': 'application/json', 'apigw-requestid': requestId },
    body: JSON.stringify({ message: 'Forbidden' }),
  };
}

/** API Gateway's answer to a request its JWT authorizer refuses: the function never runs. */
function unauthorizedByGateway(requestId: string, wwwAuthenticate: string): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: 401,
    headers: { 'Content-Type': 'application/json', 'www-authenticate': wwwAuthenticate, 'apigw-requestid': requestId },
    body: JSON.stringify({ message: 'Unauthorized' }),
  };
}

export async function startGateway(
  port: number,
  loadHandler: HandlerLoader = loadFunctionHandler,
  uploadFront?: UploadFront,
  /** Serves /widget/: the widget's bundles and demo page (widget-front.ts). */
  widgetFront?: WidgetFront,
  /** Mounts the identity provider once the gateway's URL (its issuer's origin) is known. */
  identity?: (gatewayUrl: string) => Promise<IdentityMount>,
  /** Serves /dashboard/ except the API's /dashboard/v1 (dashboard-front.ts). */
  dashboardFront?: DashboardFront,
): Promise<{ server: Server; url: string; stop(): Promise<void> }> {
  let mounted: IdentityMount | undefined;
  const handlers = new Map<string, Promise<LambdaHandler>>();
  const handlerFor = (group: FunctionGroup | 'not-found') => {
    if (!handlers.has(group)) handlers.set(group, loadHandler(group));
    return handlers.get(group)!;
  };
  const server = createServer(async (request, response) => {
    if (uploadFront && request.url?.startsWith(`${UPLOAD_FRONT_PREFIX}/`)) return uploadFront(request, response);
    if (widgetFront && request.url?.startsWith('/widget/')) return widgetFront(request, response);
    if (dashboardFront && isDashboardPath(request.url)) {
      return dashboardFront(request, response).catch((error) => {
        console.error('Local gateway: dashboard front failed', error);
        if (!response.headersSent) send(response, { statusCode: 500, headers: { 'Content-Type': 'text/plain' }, body: 'Internal server error' });
        else response.destroy();
      });
    }
    const requestId = randomUUID();
    if (mounted && (request.url === mounted.prefix || request.url?.startsWith(`${mounted.prefix}/`))) {
      return mounted.front(request, response).catch((error) => {
        console.error('Local gateway: identity provider failed', error);
        if (!response.headersSent) send(response, { statusCode: 500, headers: { 'Content-Type': 'text/plain' }, body: 'Internal server error' });
        else response.destroy();
      });
    }
    try {
      const body = await readBody(request);
      if (body === 'too-large') {
        send(response, {
          statusCode: 413,
          headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
          body: errorBody('BAD_REQUEST', 'Request body too large'),
        });
        return;
      }
      const { event, group, authorizer } = buildApiEvent(
        {
          method: request.method ?? 'GET',
          url: request.url ?? '/',
          headers: request.headers,
          body,
          sourceIp: request.socket.remoteAddress,
          httpVersion: request.httpVersion,
        },
        requestId,
      );
      if (authorizer === 'jwt') {
        // No identity provider mounted: nothing can be verified, so nothing passes.
        const result = mounted ? await mounted.authorizer(event.headers.authorization) : { authorized: false as const, wwwAuthenticate: 'Bearer' };
        if (!result.authorized) return send(response, unauthorizedByGateway(requestId, result.wwwAuthenticate));
        // A valid token without any of the route's scopes (an ID token): API Gateway answers 403.
        if (!result.context.jwt.scopes.some((scope) => JWT_ROUTE_SCOPES.includes(scope))) return send(response, forbiddenByGateway(requestId));
        (event.requestContext as typeof event.requestContext & { authorizer?: unknown }).authorizer = result.context;
      }
      const handler = await handlerFor(group);
      send(response, await handler(event, lambdaContext(`import-service-local-${group}`, requestId)));
    } catch (error) {
      console.error('Local gateway: handler invocation failed', error);
      send(response, {
        statusCode: 500,
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
        body: errorBody('INTERNAL_ERROR', 'Internal server error'),
      });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(`Port ${port} on 127.0.0.1 is already in use. Stop the process using it or start with PORT=<another port>.`)
          : error,
      );
    });
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://127.0.0.1:${actualPort}`;
  try {
    if (identity) mounted = await identity(url);
  } catch (error) {
    server.close();
    throw error;
  }
  return {
    server,
    url,
    stop: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
