import { DEFAULT_LANGUAGE, type Language } from '@portal/contract/limits';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createStore, useStore } from '../lib/store.ts';
import type { Messages } from './domains.ts';
import type { LegalMessages } from './legal/de.ts';
import { reportMissingKeys } from './missing-keys.ts';
import type { ShellMessages } from './shell/de.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages; legal: LegalMessages };
  }
}

/** Each language names itself, whatever the current language is. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  tr: 'Türkçe',
  fr: 'Français',
  nl: 'Nederlands',
};

/**
 * Which texts a screen needs: the shell's (sign-in, loading and status pages, errors) or all of them (every domain's
 * screens, menu entries and refusals). The sign-in page is the first load of most visits and needs about a fifth of
 * the texts, so the rest comes with the first screen that needs it.
 */
export type Texts = 'shell' | 'all';

// One chunk per language and part, so a visitor downloads only the language they read.
const loaders: Record<Texts, Record<Language, () => Promise<ShellMessages | Messages>>> = {
  shell: {
    de: () => import('./shell/de.ts').then((m) => m.de),
    en: () => import('./shell/en.ts').then((m) => m.en),
    tr: () => import('./shell/tr.ts').then((m) => m.tr),
    fr: () => import('./shell/fr.ts').then((m) => m.fr),
    nl: () => import('./shell/nl.ts').then((m) => m.nl),
  },
  all: {
    de: () => import('./all/de.ts').then((m) => m.de),
    en: () => import('./all/en.ts').then((m) => m.en),
    tr: () => import('./all/tr.ts').then((m) => m.tr),
    fr: () => import('./all/fr.ts').then((m) => m.fr),
    nl: () => import('./all/nl.ts').then((m) => m.nl),
  },
};

const legalLoaders: Record<Language, () => Promise<LegalMessages>> = {
  de: () => import('./legal/de.ts').then((m) => m.legalDe),
  en: () => import('./legal/en.ts').then((m) => m.legalEn),
  tr: () => import('./legal/tr.ts').then((m) => m.legalTr),
  fr: () => import('./legal/fr.ts').then((m) => m.legalFr),
  nl: () => import('./legal/nl.ts').then((m) => m.legalNl),
};

/** True once every text of the current language is there (useTextsReady). */
const allTextsStore = createStore(false);
const textsLoading = new Map<string, Promise<void>>();
/** Set by the first screen that needs all texts; from then on a language switch loads all of them. */
let allTextsWanted = false;
const wantedTexts = (): Texts => (allTextsWanted ? 'all' : 'shell');

let initialised: () => void;
const i18nReady = new Promise<void>((resolve) => {
  initialised = resolve;
});

function ensureTexts(language: Language, texts: Texts): Promise<void> {
  const key = `${texts}:${language}`;
  const loading =
    textsLoading.get(`all:${language}`) ??
    textsLoading.get(key) ??
    loaders[texts][language]().then((bundle) => {
      // Deep and overwriting: all texts of a language contain its shell texts, so they complete the bundle.
      i18next.addResourceBundle(language, 'translation', bundle, true, true);
    });
  textsLoading.set(key, loading);
  // A chunk that failed to load is asked for again next time.
  loading.catch(() => textsLoading.delete(key));
  return loading;
}

export async function initI18n(language: Language): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: ['translation'],
    defaultNS: 'translation',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    ...reportMissingKeys,
  });
  initialised();
  await ensureTexts(language, wantedTexts());
  document.documentElement.lang = language;
}

export async function switchLanguage(language: Language): Promise<void> {
  await ensureTexts(language, wantedTexts());
  if (i18next.language !== language) await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/**
 * Loads every text of the current language (and of any language switched to later); screens await it with their
 * code. Called before initI18n (the first screen's code starts loading first), it makes initI18n load all texts.
 */
export async function loadAllTexts(): Promise<void> {
  allTextsWanted = true;
  await i18nReady;
  await ensureTexts(i18next.language as Language, 'all');
  allTextsStore.set(true);
}

/** Whether the texts a screen needs are there, so it can look up its title without reporting a missing key. */
export function useTextsReady(texts: Texts): boolean {
  return useStore(allTextsStore) || texts === 'shell';
}

export async function loadLegalTexts(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'legal')) return;
  i18next.addResourceBundle(language, 'legal', await legalLoaders[language]());
}
