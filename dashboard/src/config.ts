// The stage's addresses, read once at start from /dashboard/config.json (written at deploy time, or by the
// local stack): one build serves every stage.
import type { DashboardConfig } from '../hosting';

export type { DashboardConfig };

export async function loadConfig(): Promise<DashboardConfig> {
  const response = await fetch(`${import.meta.env.BASE_URL}config.json`, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  return (await response.json()) as DashboardConfig;
}
