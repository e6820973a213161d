// Lambda behind API Gateway's $default route: any unknown path or method is 404 NOT_FOUND in the
// error shape. Only the response middleware: no auth, no database client in this bundle.
import middy from '@middy/core';
import { responses, type ApiContext, type ApiEvent, type ApiResult } from '../../shared/http/middleware';
import { notFound } from '../../shared/domain/errors';
import type { LambdaApiHandler } from '../../shared/http/pipeline';
import { observed } from '../../shared/http/observed';

export const handler: LambdaApiHandler = observed(
  'not-found',
  () => 'notFound',
  middy<ApiEvent, ApiResult, Error, ApiContext>()
    .use(responses())
    .handler(async () => {
      throw notFound('Route');
    }) as unknown as LambdaApiHandler,
);
