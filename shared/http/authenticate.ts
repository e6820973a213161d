// Bearer authentication and the per-key rate limit, as one middleware: one DynamoDB call (data/rate-limit.ts).
import { unauthorized } from '../domain/errors';
import type { ApiMiddleware } from './middleware';
import { authenticateAndCount } from '../data/rate-limit';
import { bucketForMethod } from '../domain/rate-limits';
import { hashApiKey } from '../domain/ids';

const BEARER = /^bearer[ ]+([^ ]+)[ ]*$/i;

export function authenticate(): ApiMiddleware {
  return {
    name: 'authenticate',
    before: async (request) => {
      const header = request.event.headers?.authorization;
      const match = header ? BEARER.exec(header) : null;
      if (!match || match[1].length > 512) throw unauthorized();
      const bucket = bucketForMethod(request.event.requestContext.http.method);
      const { principal, rateLimit } = await authenticateAndCount(hashApiKey(match[1]), bucket);
      request.context.api.principal = principal;
      request.context.api.rateLimit = rateLimit;
    },
  };
}

