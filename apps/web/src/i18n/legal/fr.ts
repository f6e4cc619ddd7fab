import type { LegalMessages } from './de.ts';

export const legalFr: LegalMessages = {
  agb: {
    intro: "Conditions générales de vente de {{organisation}} pour l'achat de produits prépayés via ce portail.",
    sections: {
      scope: {
        heading: "1. Champ d'application",
        body: "Les présentes conditions s'appliquent à tous les contrats conclus entre {{organisation}} (ci-après « le fournisseur ») et les clients professionnels qui achètent des produits prépayés via ce portail. Le portail s'adresse exclusivement aux entreprises au sens de l'article 14 du Code civil allemand (BGB). Les conditions divergentes du client ne s'appliquent qu'avec l'accord écrit du fournisseur.",
      },
      contract: {
        heading: '2. Compte client et conclusion du contrat',
        body: "L'utilisation du portail nécessite un compte client activé par le fournisseur. Le contrat d'achat d'un produit est conclu dès que le client finalise la commande dans le portail et que le portail en confirme l'exécution.",
      },
      prices: {
        heading: '3. Prix et paiement',
        body: "Les prix et remises affichés dans le portail au moment de la commande s'appliquent. Les achats sont imputés sur le solde du compte client. Le crédit accordé peut être utilisé jusqu'à la limite convenue et doit être réglé conformément à la facture.",
      },
      delivery: {
        heading: '4. Livraison des produits numériques',
        body: "Les codes PIN, codes de bons, billets et recharges sont fournis par voie électronique immédiatement après l'achat. Dès la livraison, le client est responsable de la conservation et de la transmission sécurisées des codes.",
      },
      claims: {
        heading: '5. Réclamations',
        body: "Les codes qui ne fonctionnent pas doivent être signalés sans délai, au plus tard 14 jours après l'achat, via la fonction de réclamation du portail. Les réclamations fondées donnent lieu à un remplacement ou à un avoir. Les codes livrés et fonctionnels ne peuvent pas être retournés.",
      },
      liability: {
        heading: '6. Responsabilité',
        body: "Le fournisseur est responsable sans limitation en cas de faute intentionnelle ou de négligence grave ainsi qu'en cas d'atteinte à la vie, à l'intégrité physique ou à la santé. En cas de négligence légère, il n'est responsable que de la violation d'obligations contractuelles essentielles, dans la limite du dommage prévisible et typique du contrat.",
      },
      final: {
        heading: '7. Dispositions finales',
        body: "Le droit de la République fédérale d'Allemagne s'applique, à l'exclusion de la Convention des Nations unies sur les contrats de vente internationale de marchandises. Dans la mesure où la loi le permet, le tribunal compétent est celui du siège du fournisseur. Si une disposition est invalide, les autres dispositions restent en vigueur.",
      },
    },
  },
  terms: {
    intro: "Conditions d'utilisation du portail de {{organisation}}.",
    sections: {
      access: {
        heading: '1. Accès',
        body: "Seuls les utilisateurs activés peuvent utiliser le portail. Chaque utilisateur se connecte avec ses identifiants personnels. Les connexions depuis de nouveaux appareils peuvent nécessiter une confirmation par code ou la validation d'un administrateur.",
      },
      credentials: {
        heading: '2. Identifiants',
        body: "Les mots de passe et codes de vérification doivent rester secrets et ne doivent pas être communiqués. En cas de soupçon d'abus, modifiez immédiatement le mot de passe et informez l'assistance.",
      },
      use: {
        heading: '3. Utilisation autorisée',
        body: "Le portail ne peut être utilisé que pour votre propre activité professionnelle. Les requêtes automatisées en masse, les tentatives de contournement des mécanismes de sécurité et l'accès aux données de tiers sont interdits.",
      },
      availability: {
        heading: '4. Disponibilité',
        body: 'Le fournisseur s’efforce d’assurer une disponibilité élevée. Les opérations de maintenance sont effectuées, dans la mesure du possible, en dehors des heures ouvrables habituelles et annoncées à l’avance.',
      },
      suspension: {
        heading: '5. Sessions et suspension',
        body: "Pour des raisons de sécurité, une session prend fin automatiquement après trois heures d'inactivité. En cas de violation des présentes conditions ou de retard de paiement, l'accès peut être suspendu en tout ou en partie.",
      },
      privacy: {
        heading: '6. Protection des données',
        body: "Les données personnelles ne sont traitées que pour l'exécution du contrat et la protection du portail, notamment les heures de connexion, les adresses IP et les informations sur les appareils afin de détecter les accès non autorisés.",
      },
    },
  },
  impressum: {
    intro: "Informations conformément à l'article 5 de la loi allemande sur les services numériques (DDG)",
    sections: {
      provider: {
        heading: 'Éditeur',
        body: 'Ce portail est exploité par {{organisation}}. {{organisation}} est responsable de son contenu.',
      },
      disputes: {
        heading: 'Règlement des litiges',
        body: "Le portail s'adresse exclusivement aux entreprises. Nous ne sommes ni disposés ni tenus à participer à une procédure de règlement des litiges devant un organisme de médiation de la consommation.",
      },
      content: {
        heading: 'Responsabilité du contenu',
        body: "Le contenu de ce portail a été élaboré avec le plus grand soin. Nous ne pouvons toutefois garantir qu'il soit exact, complet et à jour.",
      },
      copyright: {
        heading: "Droits d'auteur et marques",
        body: "Les textes, images et la conception de ce portail sont protégés par le droit d'auteur. Les noms de produits et logos sont des marques de leurs titulaires respectifs.",
      },
    },
  },
};
