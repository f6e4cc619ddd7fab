import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json';
import en from 'i18n-iso-countries/langs/en.json';
import fr from 'i18n-iso-countries/langs/fr.json';
import nl from 'i18n-iso-countries/langs/nl.json';
import tr from 'i18n-iso-countries/langs/tr.json';
import { type CountryCode, getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';

for (const locale of [de, en, fr, nl, tr]) countries.registerLocale(locale);

export interface Country {
  iso2: CountryCode;
  /** ISO 3166-1 alpha-3, as DT One names countries. */
  iso3: string;
  name: string;
  flag: string;
  dialCode: string;
}

/** The flag emoji is the ISO code in regional indicator letters. */
const flagOf = (iso2: string) => String.fromCodePoint(...[...iso2].map((c) => 0x1f1a5 + c.charCodeAt(0)));

const cache = new Map<string, Country[]>();

/** Every country with a telephone numbering plan (about 240), named in the user's language. */
export function countryList(language: string): Country[] {
  const known = cache.get(language);
  if (known) return known;
  const list = getCountries()
    .flatMap((iso2) => {
      const iso3 = countries.alpha2ToAlpha3(iso2);
      if (!iso3) return [];
      const name = countries.getName(iso2, language) ?? countries.getName(iso2, 'en') ?? iso2;
      return [{ iso2, iso3, name, flag: flagOf(iso2), dialCode: getCountryCallingCode(iso2) }];
    })
    .sort((a, b) => a.name.localeCompare(b.name, language));
  cache.set(language, list);
  return list;
}

/** The number in E.164 when it is a valid number of that country, else null. */
export function toE164(input: string, country: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), country);
  return parsed?.isValid() && parsed.country === country ? parsed.number : null;
}
