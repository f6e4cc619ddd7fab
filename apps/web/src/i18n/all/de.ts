import { assemble } from '../domains.ts';
import { de as shell } from '../shell/de.ts';

/** Every text of the app in this language: the shell's and every domain folder's (i18n/domains.ts). */
export const de = assemble(
  shell,
  import.meta.glob(['../*/de.ts', '!../{all,shell,legal}/*'], { eager: true, import: 'texts' }),
);
