// Lambda behind API Gateway's $default route: any unknown path or method is 404 NOT_FOUND.
export { notFoundHandler as handler } from '../../shared/http/pipeline';
