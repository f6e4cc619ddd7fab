import { LANGUAGES } from '@portal/contract/limits';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { de } from './all/de.ts';
import { en } from './all/en.ts';
import { fr } from './all/fr.ts';
import { nl } from './all/nl.ts';
import { tr } from './all/tr.ts';
import { legalDe } from './legal/de.ts';
import { legalEn } from './legal/en.ts';
import { legalFr } from './legal/fr.ts';
import { legalNl } from './legal/nl.ts';
import { legalTr } from './legal/tr.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}

const namespaces = {
  translation: { de, en, tr, fr, nl },
  legal: { de: legalDe, en: legalEn, tr: legalTr, fr: legalFr, nl: legalNl },
} satisfies Record<string, Record<(typeof LANGUAGES)[number], Tree>>;

describe.each(Object.entries(namespaces))('i18n namespace %s', (_, bundles) => {
  const reference = leaves(bundles.de);

  it.each(LANGUAGES)('%s has every key of German and no other', (language) => {
    const keys = leaves(bundles[language]);
    expect([...keys.keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it.each(LANGUAGES)('%s has no empty text and keeps every placeholder', (language) => {
    for (const [key, text] of leaves(bundles[language])) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(reference.get(key) ?? ''));
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is a translation, not a copy of English', (language) => {
    const english = leaves(bundles.en);
    const texts = [...leaves(bundles[language])];
    const copied = texts.filter(([key, text]) => text === english.get(key) && text.split(' ').length > 2);
    expect(copied.map(([key]) => key)).toEqual([]);
  });
});

describe('plurals', () => {
  it.each([
    ['de', '1 PIN gekauft.', '3 PINs gekauft.'],
    ['en', '1 PIN bought.', '3 PINs bought.'],
    ['fr', '1 code PIN acheté.', '3 codes PIN achetés.'],
    ['nl', '1 pincode gekocht.', '3 pincodes gekocht.'],
    ['tr', '1 PIN satın alındı.', '3 PIN satın alındı.'],
  ] as const)('%s counts bought PINs by its own plural rules', async (language, one, many) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: language, resources: { [language]: { translation: namespaces.translation[language] } } });
    expect(i18n.t('selling.buy.bought', { count: 1 })).toBe(one);
    expect(i18n.t('selling.buy.bought', { count: 3 })).toBe(many);
  });
});

describe('one term per product type', () => {
  it.each(LANGUAGES)('%s names the product types in one place only, used by every screen', (language) => {
    const bundle = namespaces.translation[language];
    const definitions = [...leaves(bundle).keys()].filter((key) => /(^|\.)(productTypes|types)\.cash_card$/.test(key));
    expect(definitions).toEqual(['products.types.cash_card']);
  });
});
