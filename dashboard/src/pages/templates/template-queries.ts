// The queries of the Templates and Embed pages: their cache keys (a change invalidates every template
// query of the organization) and the reads both pages make.
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/client';
import { useApi } from '../../session';

export const templateKeys = {
  all: (orgId: string) => ['templates', orgId] as const,
  list: (orgId: string, page: number, limit: number) => ['templates', orgId, 'list', page, limit] as const,
  one: (orgId: string, templateId: string) => ['templates', orgId, 'one', templateId] as const,
  embed: (orgId: string, templateId: string) => ['templates', orgId, 'embed', templateId] as const,
};

export const brandingKey = (orgId: string) => ['branding', orgId] as const;

export const PAGE_SIZE = 20;

export function useTemplateList(orgId: string, page: number, limit = PAGE_SIZE) {
  const api = useApi();
  return useQuery({
    queryKey: templateKeys.list(orgId, page, limit),
    queryFn: async () => unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/templates', { params: { path: { orgId }, query: { page, limit } } })),
    placeholderData: (previous) => previous,
  });
}

/** The organization's branding, as the widget shows it: the preview draws with it. */
export function useBranding(orgId: string) {
  const api = useApi();
  return useQuery({
    queryKey: brandingKey(orgId),
    queryFn: async () => unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/branding', { params: { path: { orgId } } })),
  });
}
