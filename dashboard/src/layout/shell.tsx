// The frame of every organization page: a skip link, the header with the organization switcher and
// the account menu, the navigation (what the role may not use is not listed), and the page itself.
import { AppShell, Burger, Button, Group, Menu, NativeSelect, NavLink, ScrollArea, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useMatch, useNavigate } from 'react-router';
import { messages } from '../i18n';
import { useOrganization } from '../organization';
import { paths } from '../paths';
import { useMe, useSession } from '../session';

const m = messages.shell;
const CREATE = '__create__';

export function Shell() {
  const [opened, { toggle, close }] = useDisclosure();
  const organization = useOrganization();
  const me = useMe();
  const { auth } = useSession();
  const navigate = useNavigate();
  const orgId = organization.organizationId;
  const items: { label: string; to: string; end?: boolean; shown?: boolean }[] = [
    { label: m.nav.overview, to: paths.overview(orgId), end: true },
    { label: m.nav.templates, to: paths.templates(orgId) },
    { label: m.nav.imports, to: paths.imports(orgId) },
    { label: m.nav.importFile, to: paths.importFile(orgId), shown: organization.can('build') },
    { label: m.nav.webhooks, to: paths.webhooks(orgId) },
    { label: m.nav.apiKeys, to: paths.apiKeys(orgId) },
    { label: m.nav.embed, to: paths.embed(orgId) },
    { label: m.nav.branding, to: paths.branding(orgId) },
    { label: m.nav.members, to: paths.members(orgId) },
    { label: m.nav.auditLog, to: paths.auditLog(orgId) },
    { label: m.nav.usage, to: paths.usage(orgId) },
  ];
  const memberships = me.data?.memberships ?? [];
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
      <a className="skip-link" href="#main">
        {m.skipToContent}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={m.openNavigation} />
            <Text fw={700}>{messages.common.productName}</Text>
            <NativeSelect
              aria-label={m.organization}
              value={orgId}
              onChange={(event) => navigate(event.currentTarget.value === CREATE ? paths.createOrganization() : paths.overview(event.currentTarget.value))}
              data={[
                ...memberships.map((membership) => ({ value: membership.organizationId, label: membership.name })),
                { value: CREATE, label: m.createOrganization },
              ]}
            />
            <Text size="sm" c="dimmed" visibleFrom="md">
              {m.yourRole(messages.common.roles[organization.role])}
            </Text>
          </Group>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" size="sm">
                {m.accountMenu}
                <VisuallyHidden>{me.data ? `, ${m.signedInAs(me.data.user.email)}` : ''}</VisuallyHidden>
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {me.data && <Menu.Label>{m.signedInAs(me.data.user.email)}</Menu.Label>}
              <Menu.Item onClick={() => void auth.signOut()}>{m.signOut}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={m.mainNavigation} component="nav">
        <ScrollArea type="never">
          {items
            .filter((item) => item.shown !== false)
            .map((item) => (
              <NavItem key={item.to} to={item.to} end={item.end} label={item.label} onClick={close} />
            ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** A navigation link, marked as the current page (for screen readers too) on its page and the pages under it. */
function NavItem({ to, end, label, onClick }: { to: string; end?: boolean; label: string; onClick: () => void }) {
  const current = useMatch({ path: to, end: end ?? false }) !== null;
  return <NavLink component={Link} to={to} label={label} active={current} variant="filled" aria-current={current ? 'page' : undefined} onClick={onClick} />;
}
