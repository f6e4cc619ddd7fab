import type { texts as german, partnerDe, partnerErrorCodesDe, partnerScreensDe } from './de.ts';

export const partnerErrorCodesFr: typeof partnerErrorCodesDe = {
  api_key_invalid: 'Clé API inconnue ou révoquée.',
  api_key_expired: 'La clé API a expiré ; créez-en une nouvelle.',
  ip_not_allowed: 'Les requêtes depuis {{ip}} ne sont pas autorisées pour cette boutique.',
  api_disabled: 'L’accès API de la boutique est désactivé.',
  api_keys_shops_only:
    'Seules les boutiques reçoivent des clés API ; un revendeur vend en ligne par l’une de ses boutiques.',
};

export const partnerScreensFr: typeof partnerScreensDe = {
  sellerApi: 'Accès API',
};

export const partnerFr: typeof partnerDe = {
  title: 'Clés API',
  hint: 'Avec une clé, la caisse ou la boutique en ligne achète des PIN et envoie des recharges par l’API partenaire, au nom de l’utilisateur choisi.',
  pageHint: 'Clés de l’API partenaire pour votre caisse ou votre boutique en ligne.',
  docs: 'Documentation de l’API partenaire',
  disabled: 'L’accès API est désactivé ; votre revendeur l’active dans les détails API.',
  allowedIps: 'Adresses autorisées : {{ips}}',
  noAllowedIps: 'Aucune adresse autorisée : les requêtes sont refusées tant qu’aucune n’est saisie.',
  noKeys: 'Aucune clé pour l’instant.',
  name: 'Nom',
  namePlaceholder: 'p. ex. Caisse 1',
  key: 'Clé',
  user: 'Utilisateur',
  userHint: 'Les ventes de la clé sont celles de cet utilisateur ; ses droits s’appliquent.',
  createdAt: 'Créée',
  lastUsed: 'Dernière utilisation',
  neverUsed: 'Jamais',
  expiresAt: 'Valable jusqu’au',
  neverExpires: 'Sans expiration',
  expiresHint:
    'Sans date, la clé fonctionne jusqu’à sa révocation ; avec une date, jusqu’à la fin de ce jour (heure de Berlin).',
  status: 'Statut',
  active: 'Active',
  revoked: 'Révoquée',
  expired: 'Expirée',
  revoke: 'Révoquer',
  create: 'Créer une clé',
  createdTitle: 'Clé « {{name}} » créée',
  shownOnce: 'Copiez la clé maintenant : elle n’est affichée que cette fois et n’est conservée nulle part.',
  copy: 'Copier',
  copied: 'Copiée',
  stored: 'Je l’ai enregistrée',
  revokeTitle: 'Révoquer la clé « {{name}} » ?',
  revokeText: 'Les requêtes avec cette clé sont refusées immédiatement. C’est irréversible.',
  revokedNotice: 'Clé « {{name}} » révoquée.',
  webhooksTitle: 'Webhooks',
  webhooksHint:
    'Pour les ventes, les recharges terminées, les crédits comptabilisés et un solde bas, l’URL de rappel reçoit un événement signé (sans PIN). Signature : HMAC-SHA256 avec le secret sur « horodatage.corps », dans l’en-tête X-Portal-Signature. Les envois échoués sont retentés pendant 28 heures au plus.',
  callbackUrl: 'URL de rappel : {{url}}',
  noCallbackUrl: 'Aucune URL de rappel : aucun événement n’est envoyé.',
  secretSince: 'Secret de signature depuis le',
  noSecret: 'Pas encore de secret de signature : aucun événement n’est envoyé.',
  createSecret: 'Créer le secret',
  rotateSecret: 'Renouveler le secret',
  secretTitle: 'Nouveau secret de signature',
  secretShownOnce:
    'Copiez le secret maintenant : il n’est affiché que cette fois. L’ancien cesse de fonctionner immédiatement.',
  noDeliveries: 'Aucun envoi pour l’instant.',
  deliveryLog: 'Journal des envois de webhooks',
  event: 'Événement',
  attempts: 'Tentatives',
  lastAnswer: 'Dernière réponse',
  lastAttempt: 'Dernière tentative',
  resend: 'Renvoyer',
  resent: 'Envoi replanifié.',
  deliveryStatus: {
    pending: 'En attente',
    delivered: 'Livré',
    failed: 'Échoué',
  },
  eventType: {
    sale_completed: 'Vente effectuée',
    topup_completed: 'Recharge réussie',
    topup_failed: 'Recharge échouée',
    topup_refunded: 'Recharge remboursée',
    balance_low: 'Solde bas',
    credit_booked: 'Crédit comptabilisé',
  },
};

export const texts: typeof german = {
  screen: partnerScreensFr,
  errors: { codes: partnerErrorCodesFr },
  partner: partnerFr,
};
