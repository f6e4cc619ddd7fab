import type { directRechargeDe, directRechargeScreensDe, texts as german } from './de.ts';

export const directRechargeScreensNl: typeof directRechargeScreensDe = {
  directRecharge: 'Directe opwaardering',
  directRechargeHistory: 'Directe opwaarderingen',
};

export const directRechargeNl: typeof directRechargeDe = {
  description: 'Beltegoed op een Duitse mobiel zetten: kies de provider en het bedrag, voer het nummer in, koop.',
  numberHint: 'Duits mobiel nummer, bijv. 0176 1234 5678',
  invalidNumber: 'Geen geldig Duits mobiel nummer.',
  confirmTitle: 'Opwaardering bevestigen',
  confirmText: 'Controleer de gegevens. Na bevestiging wordt het nummer opgewaardeerd en uw saldo belast.',
  confirm: 'Bevestigen en opwaarderen',
  again: 'Nieuwe opwaardering',
  historyDescription: 'De directe opwaarderingen van uw winkel, de nieuwste eerst.',
  historyEmpty: 'Nog geen directe opwaarderingen.',
  toHistory: 'Alle directe opwaarderingen',
  outcome: {
    pending: 'De opwaardering wordt uitgevoerd …',
    successful: 'De opwaardering is aangekomen.',
    failed: 'De opwaardering is mislukt; het bedrag is teruggeboekt.',
    refunded: 'De opwaardering is teruggedraaid; het bedrag is terugbetaald.',
  },
};

export const texts: typeof german = { screen: directRechargeScreensNl, directRecharge: directRechargeNl };
