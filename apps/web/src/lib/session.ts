import type { UserInfo } from '@portal/contract/auth';
import type { RuleSubject } from '@portal/contract/rules';
import { type KeyValueStorage, readJson, STORAGE_KEYS, storage, writeJson } from './storage.ts';
import { createStore, useStore } from './store.ts';

export interface Session {
  access_token: string;
  session_id: string;
  customer_id: number;
}

export interface SessionState {
  session: Session | null;
  user: UserInfo | null;
}

export function readSessionState(from: KeyValueStorage = storage): SessionState {
  const token = from.getItem(STORAGE_KEYS.accessToken);
  const sessionId = from.getItem(STORAGE_KEYS.sessionId);
  const customerId = Number(from.getItem(STORAGE_KEYS.customerId));
  if (!token || !sessionId || !Number.isInteger(customerId)) return { session: null, user: null };
  return {
    session: { access_token: token, session_id: sessionId, customer_id: customerId },
    user: readJson<UserInfo>(STORAGE_KEYS.user, from),
  };
}

export const sessionStore = createStore<SessionState>(readSessionState());

export function useSession(): SessionState {
  return useStore(sessionStore);
}

export function startSession(session: Session): void {
  storage.setItem(STORAGE_KEYS.accessToken, session.access_token);
  storage.setItem(STORAGE_KEYS.sessionId, session.session_id);
  storage.setItem(STORAGE_KEYS.customerId, String(session.customer_id));
  storage.removeItem(STORAGE_KEYS.user);
  touchActivity();
  sessionStore.set({ session, user: null });
}

export function setUser(user: UserInfo): void {
  writeJson(STORAGE_KEYS.user, user);
  sessionStore.set((prev) => ({ ...prev, user }));
}

export function endSession(): void {
  for (const key of [STORAGE_KEYS.accessToken, STORAGE_KEYS.sessionId, STORAGE_KEYS.customerId, STORAGE_KEYS.user]) {
    storage.removeItem(key);
  }
  storage.removeItem(STORAGE_KEYS.lastActive);
  sessionStore.set({ session: null, user: null });
}

/** Re-reads storage after another tab changed it. */
export function syncSessionFromStorage(): void {
  sessionStore.set(readSessionState());
}

export function touchActivity(now = Date.now()): void {
  storage.setItem(STORAGE_KEYS.lastActive, String(now));
}

export function lastActivity(): number | null {
  const value = Number(storage.getItem(STORAGE_KEYS.lastActive));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function ruleSubject(user: UserInfo | null): RuleSubject | null {
  if (!user) return null;
  return {
    account_role: user.account_role,
    internal_role: user.internal_role,
    enable_web_view: user.enable_web_view,
    flags: user,
  };
}
