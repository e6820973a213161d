// Lambda for the templates endpoint group: parse, call the data layer, map to HTTP.
import { apiHandler } from '../../shared/http/pipeline';
import { TEMPLATE_ROUTES } from '../../shared/http/template-routes';
import { templateOperations } from '../../shared/http/operations/templates';

export const handler = apiHandler(TEMPLATE_ROUTES, templateOperations);
