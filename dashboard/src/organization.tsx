// The organization a page is about: the :orgId of its address, as one of the person's memberships.
// An organization the person is not a member of is "not found", as the API answers it. What the role
// may do comes from the API's own table (shared/domain/roles.ts): the app hides what the API refuses.
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { allows, type Permission, type Role } from '../../shared/domain/roles';

export interface Membership {
  organizationId: string;
  name: string;
  role: Role;
  plan: 'free' | 'starter' | 'pro' | 'enterprise';
}

export interface CurrentOrganization extends Membership {
  can(permission: Permission): boolean;
}

const OrganizationContext = createContext<CurrentOrganization | null>(null);
const LAST_ORGANIZATION_KEY = 'import-service.organization';

export function OrganizationProvider({ membership, children }: { membership: Membership; children: ReactNode }) {
  const value: CurrentOrganization = { ...membership, can: (permission) => allows(membership.role, permission) };
  // Remembered once it is shown, not on every render.
  useEffect(() => localStorage.setItem(LAST_ORGANIZATION_KEY, membership.organizationId), [membership.organizationId]);
  return <OrganizationContext.Provider value={value}>{children}</OrganizationContext.Provider>;
}

export function useOrganization(): CurrentOrganization {
  const organization = useContext(OrganizationContext);
  if (!organization) throw new Error('useOrganization outside an organization page');
  return organization;
}

/** The organization to open first: the last one visited, if the person still belongs to it. */
export function firstOrganization(memberships: readonly Membership[]): Membership | undefined {
  const last = localStorage.getItem(LAST_ORGANIZATION_KEY);
  return memberships.find((m) => m.organizationId === last) ?? memberships[0];
}
