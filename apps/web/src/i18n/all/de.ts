import { assemble } from '../domains.ts';
import { de as shell } from '../locales/de.ts';

/** Every text of the app in this language: the shell's and every domain folder's (i18n/domains.ts). */
export const de = assemble(
  shell,
  import.meta.glob(['../*/de.ts', '!../{all,locales,legal}/*'], { eager: true, import: 'texts' }),
);
