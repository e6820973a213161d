// Lambda for the imports endpoint group (reads, and the webhook resend): parse, call, map to HTTP.
import { apiHandler } from '../../shared/http/pipeline';
import { IMPORT_ROUTES } from '../../shared/http/import-routes';
import { importOperations } from '../../shared/http/operations/imports';

export const handler = apiHandler(IMPORT_ROUTES, importOperations);
