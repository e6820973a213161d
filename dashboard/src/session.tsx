// What every page reaches through React context: the stage's configuration, the sign-in and the API
// client; and the signed-in person with their memberships (GET /me), cached by TanStack Query.
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { unwrap, type Api } from './api/client';
import type { Auth } from './auth/oidc';
import type { DashboardConfig } from './config';

export interface Session {
  config: DashboardConfig;
  auth: Auth;
  api: Api;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

export const useApi = (): Api => useSession().api;

export const ME_QUERY_KEY = ['me'] as const;

/** The person and their organizations; refetched after creating or joining one. */
export function useMe() {
  const api = useApi();
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: async () => unwrap(await api.GET('/dashboard/v1/me')) });
}
