import type { UserInfo, UserSettings } from '@portal/contract/auth';
import { LANGUAGES, LIMITS, TEMPLATE_COLOURS } from '@portal/contract/limits';
import { DEFAULT_SETTINGS, LAYOUTS, THEMES } from '@portal/contract/settings';
import { readJson, STORAGE_KEYS, storage, writeJson } from './storage.ts';
import { createStore, useStore } from './store.ts';

export { DEFAULT_SETTINGS };
export const LAYOUT_OPTIONS = LAYOUTS;
export const THEME_OPTIONS = THEMES;

const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof UserSettings)[];

function oneOf<T>(options: readonly T[], value: unknown, fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

/** Accepts whatever storage or the server holds and keeps only valid values, so a stale copy never breaks the app. */
export function normaliseSettings(raw: unknown): UserSettings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const bit = (key: 'show_print_popup' | 'merge_receipts' | 'download_csv') =>
    oneOf([0, 1] as const, r[key], DEFAULT_SETTINGS[key]);
  const starred = Array.isArray(r.starred_pages)
    ? r.starred_pages.filter((p): p is string => typeof p === 'string' && p.startsWith('/'))
    : [];
  return {
    layout: oneOf(LAYOUT_OPTIONS, r.layout, DEFAULT_SETTINGS.layout),
    theme: oneOf(THEME_OPTIONS, r.theme, DEFAULT_SETTINGS.theme),
    language: oneOf(LANGUAGES, r.language, DEFAULT_SETTINGS.language),
    template: oneOf(
      TEMPLATE_COLOURS.map((_, i) => i),
      r.template,
      DEFAULT_SETTINGS.template,
    ),
    show_print_popup: bit('show_print_popup'),
    merge_receipts: bit('merge_receipts'),
    download_csv: bit('download_csv'),
    starred_pages: [...new Set(starred)].slice(0, LIMITS.starredPages),
  };
}

export function settingsOf(user: UserInfo): UserSettings {
  return normaliseSettings(Object.fromEntries(SETTING_KEYS.map((key) => [key, user[key]])));
}

export const settingsStore = createStore<UserSettings>(normaliseSettings(readJson(STORAGE_KEYS.settings)));

export function useSettings(): UserSettings {
  return useStore(settingsStore);
}

export function saveLocalSettings(patch: Partial<UserSettings>): UserSettings {
  const next = normaliseSettings({ ...settingsStore.get(), ...patch });
  writeJson(STORAGE_KEYS.settings, next);
  settingsStore.set(next);
  return next;
}

export function resetSettings(): void {
  storage.removeItem(STORAGE_KEYS.settings);
  settingsStore.set(DEFAULT_SETTINGS);
}

export function syncSettingsFromStorage(): void {
  settingsStore.set(normaliseSettings(readJson(STORAGE_KEYS.settings)));
}

/** The starred list after toggling one path; the first LIMITS.starredPages stay, a new one beyond that is refused. */
export function toggleStarred(starred: readonly string[], path: string): { next: string[]; refused: boolean } {
  if (starred.includes(path)) return { next: starred.filter((p) => p !== path), refused: false };
  if (starred.length >= LIMITS.starredPages) return { next: [...starred], refused: true };
  return { next: [...starred, path], refused: false };
}
