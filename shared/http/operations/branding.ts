// The branding operations of the API-key API (/api/v1), shared with the dashboard API, which runs the
// same ones for a member's organization after its role check (functions/dashboard/handler.ts).
import type { Operation } from '../pipeline';
import { parseBody } from '../../domain/validation';
import { assertPlanAllows, effectiveBranding, UpdateBrandingSchema } from '../../domain/branding';
import { getStoredBranding, updateBranding } from '../../data/branding';

export const brandingOperations: Record<string, Operation> = {
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
};
