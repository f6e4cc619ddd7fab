import { AUDIT_WORDS } from '@portal/contract/audit-words';
import type { auditDe, texts as german } from './de.ts';

export const auditFr: typeof auditDe = {
  tabs: { details: 'Aperçu', changes: 'Modifications' },
  description: 'Qui a modifié quoi et quand, sur ce client et ses utilisateurs, affectations, remises et clés.',
  logDescription: 'Chaque modification de votre plateforme : qui, quand, quoi, avant et après.',
  empty: 'Aucune modification enregistrée pour l’instant.',
  error: 'Les modifications n’ont pas pu être chargées.',
  record: '{{kind}} {{key}}',
  filters: {
    actor: 'Qui',
    customer: 'Client',
    kind: 'Quoi',
    allKinds: 'Tout',
    all: 'Tous : {{what}}',
    from: 'Du',
    to: 'Au',
    nothingFound: 'Aucun résultat',
    searching: 'Recherche …',
    error: 'Les choix n’ont pas pu être chargés.',
  },
  columns: AUDIT_WORDS.fr.columns,
  kinds: AUDIT_WORDS.fr.kinds,
  actions: AUDIT_WORDS.fr.actions,
};

export const texts: typeof german = { screen: { auditLog: 'Journal des modifications' }, audit: auditFr };
