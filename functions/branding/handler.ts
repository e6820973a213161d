// Lambda for the branding endpoint group: shape and values first (400), then the plan (403).
import { apiHandler } from '../../shared/http/pipeline';
import { BRANDING_ROUTES } from '../../shared/http/branding-routes';
import { brandingOperations } from '../../shared/http/operations/branding';

export const handler = apiHandler(BRANDING_ROUTES, brandingOperations);
