import type { LoginResult, OtpDelivery, UserInfo } from '@portal/contract/auth';

export type { OtpDelivery };

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../lib/api.ts';
import { endSession, type Session, sessionStore, setUser, startSession, useSession } from '../../lib/session.ts';
import { saveLocalSettings, settingsOf } from '../../lib/settings.ts';
import { storage } from '../../lib/storage.ts';

export type SignedIn = Extract<LoginResult, { status: 'signed_in' }>;

const APPROVAL_POLL_MS = 3_000;

export const authKeys = {
  all: ['auth'] as const,
  me: (sessionId: string) => [...authKeys.all, 'me', sessionId] as const,
  approval: (referenceId: string) => [...authKeys.all, 'approval', referenceId] as const,
};

export function fetchUserInfo(): Promise<UserInfo> {
  return api.call('/auth_check/');
}

/**
 * The user details, loaded once per session (spec section 7: "with a stored access token the app loads user details").
 * The device adopts the account's settings only here and at sign-in, so a slow answer never undoes a change just made.
 */
export function currentUserQuery(session: Session | null) {
  return queryOptions({
    queryKey: authKeys.me(session?.session_id ?? ''),
    queryFn: async () => {
      const fresh = await fetchUserInfo();
      if (!sessionStore.get().user) saveLocalSettings(settingsOf(fresh));
      setUser(fresh);
      return fresh;
    },
    enabled: session !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQuery(useSession().session));
}

/** Stores the session, loads the user details and adopts the account's settings on this device. */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    async (result: Omit<SignedIn, 'status'>): Promise<UserInfo> => {
      queryClient.clear();
      startSession({
        access_token: result.access_token,
        session_id: result.session_id,
        customer_id: result.customer_id,
      });
      try {
        // Through the cache, so the user-details query that the new session enables does not ask a second time.
        const user = await queryClient.fetchQuery({ queryKey: authKeys.me(result.session_id), queryFn: fetchUserInfo });
        setUser(user);
        saveLocalSettings(settingsOf(user));
        return user;
      } catch (error) {
        endSession();
        throw error;
      }
    },
    [queryClient],
  );
}

export function useLogin() {
  return useMutation({
    mutationFn: async (input: {
      loginKey: Record<string, unknown>;
      clockOffsetMs: number;
      username: string;
      password: string;
    }) => {
      // jose is loaded when the form is sent, not with the sign-in page, to keep that page small.
      const { encryptLogin } = await import('./login-crypto.ts');
      const data = await encryptLogin(input.loginKey, input.username, input.password, input.clockOffsetMs);
      return api.call('/login/', { data });
    },
  });
}

export function useVerifyOtp() {
  return useMutation({
    mutationFn: (input: { username: string; otp: string; reference: string }) => api.call('/verify/', input),
  });
}

export function useApprovalStatus(referenceId: string, reference: string) {
  return useQuery({
    queryKey: authKeys.approval(referenceId),
    queryFn: ({ signal }) =>
      api.call('/check_login_request_approval/', { reference_id: referenceId, reference }, { abort: signal }),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' || query.state.status === 'pending' ? APPROVAL_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
}

/**
 * Logout ends the server session and clears all local storage (spec section 4), whatever the server answered. A fresh
 * load of the sign-in page follows, so nothing of the account stays in memory either.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: () => api.call('/logout/'),
    onSettled: () => {
      storage.clear();
      window.location.replace('/login');
    },
  });
}

export function useSendSetPasswordCode() {
  return useMutation({ mutationFn: (id: string) => api.call('/set_password_step_one/', { id }) });
}

export function useVerifySetPasswordCode() {
  return useMutation({
    mutationFn: (input: { id: string; otp: string }) => api.call('/set_password_step_two/', input),
  });
}

export function useSetPassword() {
  return useMutation({
    mutationFn: (input: { id: string; password: string; confirm_password: string }) =>
      api.call('/set_password_step_three/', input),
  });
}
