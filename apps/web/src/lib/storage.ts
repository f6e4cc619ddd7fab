export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

export const STORAGE_KEYS = {
  accessToken: 'portal.access_token',
  sessionId: 'portal.session_id',
  customerId: 'portal.customer_id',
  user: 'portal.user',
  lastActive: 'portal.last_active',
  settings: 'portal.settings',
  deviceId: 'portal.device_id',
  salesPerDayView: 'portal.sales_per_day_view',
  reportCharts: 'portal.report_charts',
} as const;

export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

function browserStorage(): KeyValueStorage {
  try {
    const probe = '__portal_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    // Private modes and locked-down browsers refuse localStorage; the app still works for this tab.
    return memoryStorage();
  }
}

export const storage: KeyValueStorage = typeof window === 'undefined' ? memoryStorage() : browserStorage();

export function readJson<T>(key: string, from: KeyValueStorage = storage): T | null {
  const raw = from.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, to: KeyValueStorage = storage): void {
  to.setItem(key, JSON.stringify(value));
}
