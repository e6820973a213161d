// Which plan may change which branding field (SPEC 4.10 plan rules): the API's rule (branding.ts) and
// the dashboard's disabled fields read this one table. It imports only plans.ts (no imports either), so
// the dashboard's bundle takes it as it is.
import type { Plan } from './plans';

/** Every organization may set these; every other updatable field needs a paid plan. */
const FREE_FIELDS: readonly string[] = ['primaryColor', 'secondaryColor', 'logoUrl'];

/** The lowest plan that may change an updatable branding field. */
export function brandingFieldPlan(field: string): Plan {
  return FREE_FIELDS.includes(field) ? 'free' : 'starter';
}
