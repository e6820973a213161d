// Roles of an organization's members and what each may do. The handlers' domain layer asks `allows`
// before every operation (shared/account/access.ts); the dashboard app only hides what this refuses.
export const ROLES = ['owner', 'admin', 'developer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a route does, as far as roles care:
 * - read: see the organization, templates, imports, keys' prefixes, members, audit log, usage;
 * - build: templates, embed, API keys, webhook settings and secret, imports (resend, test events);
 * - manage: the organization's name, branding, members and invitations (not owners: see ownersOnly);
 * - owners: make or unmake an owner.
 */
export type Permission = 'read' | 'build' | 'manage' | 'owners';

const GRANTS: Record<Role, readonly Permission[]> = {
  owner: ['read', 'build', 'manage', 'owners'],
  admin: ['read', 'build', 'manage'],
  developer: ['read', 'build'],
  viewer: ['read'],
};

export function allows(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
