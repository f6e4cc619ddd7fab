import { assemble } from '../domains.ts';
import { tr as shell } from '../shell/tr.ts';

/** Every text of the app in this language: the shell's and every domain folder's (i18n/domains.ts). */
export const tr = assemble(
  shell,
  import.meta.glob(['../*/tr.ts', '!../{all,shell,legal}/*'], { eager: true, import: 'texts' }),
);
