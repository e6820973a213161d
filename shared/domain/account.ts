// The organization's account as the dashboard API shows it: the signed-in user, their memberships and
// the request shapes of the account routes (valibot: validation and the OpenAPI document alike).
import * as v from 'valibot';
import { PLANS } from './plans';
import { ROLES } from './roles';
import { msg } from './validation';

export const ORGANIZATION_NAME_MAX = 100;

const organizationName = v.pipe(
  v.string(msg.string),
  v.trim(),
  v.minLength(1, msg.minChars(1)),
  v.maxLength(ORGANIZATION_NAME_MAX, msg.maxChars(ORGANIZATION_NAME_MAX)),
);

export const CreateOrganizationSchema = v.strictObject({ name: organizationName });

export const MembershipSchema = v.object({
  organizationId: v.string(),
  name: v.string(),
  role: v.picklist(ROLES),
  plan: v.picklist(PLANS),
});
export type Membership = v.InferOutput<typeof MembershipSchema>;

export const MeSchema = v.object({
  user: v.object({ id: v.string(), email: v.string() }),
  memberships: v.array(MembershipSchema),
});
