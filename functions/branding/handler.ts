// Lambda for the branding endpoint group: shape and values first (400), then the plan (403).
import { apiHandler } from '../../shared/http/pipeline';
import { BRANDING_ROUTES } from '../../shared/http/branding-routes';
import { parseBody } from '../../shared/domain/validation';
import { assertPlanAllows, effectiveBranding, UpdateBrandingSchema } from '../../shared/domain/branding';
import { getStoredBranding, updateBranding } from '../../shared/data/branding';

export const handler = apiHandler(BRANDING_ROUTES, {
  getBranding: async ({ principal }) => ({
    status: 200,
    body: effectiveBranding(await getStoredBranding(principal.organizationId), principal.plan),
  }),

  updateBranding: async ({ principal, body }) => {
    const update = parseBody(UpdateBrandingSchema, body);
    assertPlanAllows(principal.plan, update);
    await updateBranding(principal.organizationId, update);
    return { status: 200, body: { success: true, message: 'Branding settings updated' } };
  },
});
