// The usage API's answer for a range of UTC days, shared by the overview (the last 30 days) and the usage page.
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../api/client';
import { useApi } from '../../session';

const DAY_MS = 86_400_000;

/** Today (UTC) as yyyy-mm-dd, and `days` back from a day. */
export const utcToday = () => new Date().toISOString().slice(0, 10);
export const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** The last `days` UTC days, today included. */
export function lastDays(days: number) {
  const to = utcToday();
  return { from: daysBefore(to, days - 1), to };
}

export function useUsage(orgId: string, range: { from: string; to: string }, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['usage', orgId, range.from, range.to],
    queryFn: async () => unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/usage', { params: { path: { orgId }, query: range } })),
    enabled,
  });
}
