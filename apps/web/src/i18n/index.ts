import { DEFAULT_LANGUAGE, type Language } from '@portal/contract/limits';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LegalMessages } from './legal/de.ts';
import type { Messages } from './locales/de.ts';
import { reportMissingKeys } from './missing-keys.ts';

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

// One chunk per language, so a visitor downloads only the language they read.
const messageLoaders: Record<Language, () => Promise<Messages>> = {
  de: () => import('./locales/de.ts').then((m) => m.de),
  en: () => import('./locales/en.ts').then((m) => m.en),
  tr: () => import('./locales/tr.ts').then((m) => m.tr),
  fr: () => import('./locales/fr.ts').then((m) => m.fr),
  nl: () => import('./locales/nl.ts').then((m) => m.nl),
};

const legalLoaders: Record<Language, () => Promise<LegalMessages>> = {
  de: () => import('./legal/de.ts').then((m) => m.legalDe),
  en: () => import('./legal/en.ts').then((m) => m.legalEn),
  tr: () => import('./legal/tr.ts').then((m) => m.legalTr),
  fr: () => import('./legal/fr.ts').then((m) => m.legalFr),
  nl: () => import('./legal/nl.ts').then((m) => m.legalNl),
};

async function ensureBundle(language: Language, namespace: 'translation' | 'legal'): Promise<void> {
  if (i18next.hasResourceBundle(language, namespace)) return;
  const bundle = namespace === 'translation' ? await messageLoaders[language]() : await legalLoaders[language]();
  i18next.addResourceBundle(language, namespace, bundle);
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
  await ensureBundle(language, 'translation');
  document.documentElement.lang = language;
}

export async function switchLanguage(language: Language): Promise<void> {
  await ensureBundle(language, 'translation');
  if (i18next.language !== language) await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export function loadLegalTexts(language: Language): Promise<void> {
  return ensureBundle(language, 'legal');
}
