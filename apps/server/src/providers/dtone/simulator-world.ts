/**
 * The simulated DT One's world: its operators and products, DT One's status classes, and the sandbox's outcome
 * convention on a number's last three digits (described in simulator.ts).
 */

export interface SimProduct {
  id: number;
  name: string;
  operatorId: number;
  /** Euro cost to the buyer (wholesale), the suggested retail price in euro, and what the number receives. */
  wholesale: string;
  retail: string;
  destination: { unit: string; amount: string };
}

export interface SimOperator {
  id: number;
  name: string;
  country: { iso: string; name: string };
  /** Dial prefix (without +) numbers of this operator start with. */
  prefix: string;
}

export const OPERATORS: SimOperator[] = [
  { id: 1001, name: 'Turkcell Turkey', country: { iso: 'TUR', name: 'Turkey' }, prefix: '9053' },
  { id: 1002, name: 'Vodafone Turkey', country: { iso: 'TUR', name: 'Turkey' }, prefix: '9054' },
  { id: 1101, name: 'Orange Morocco', country: { iso: 'MAR', name: 'Morocco' }, prefix: '2126' },
  { id: 1201, name: 'Singtel Singapore', country: { iso: 'SGP', name: 'Singapore' }, prefix: '659' },
  { id: 1301, name: 'MTN Nigeria', country: { iso: 'NGA', name: 'Nigeria' }, prefix: '234' },
];

export const PRODUCTS: SimProduct[] = OPERATORS.flatMap((o, i) =>
  [
    { eur: '5.00', local: ['TRY', '150'] },
    { eur: '10.00', local: ['TRY', '300'] },
    { eur: '20.00', local: ['TRY', '600'] },
  ].map((p, j) => ({
    id: 5000 + i * 10 + j,
    name: `${o.name} ${p.eur} EUR`,
    operatorId: o.id,
    wholesale: (Number(p.eur) * 0.95).toFixed(2),
    retail: p.eur,
    destination: {
      unit: o.country.iso === 'TUR' ? p.local[0] : 'EUR',
      amount: o.country.iso === 'TUR' ? p.local[1] : p.eur,
    },
  })),
);

export const CLASS_IDS = {
  CREATED: 1,
  CONFIRMED: 2,
  REJECTED: 3,
  CANCELLED: 4,
  SUBMITTED: 5,
  COMPLETED: 7,
  REVERSED: 8,
  DECLINED: 9,
} as const;
export type ClassName = keyof typeof CLASS_IDS;

export const DECLINE_MESSAGES: Record<string, string> = {
  '2': 'DECLINED-INVALID-CREDIT-PARTY',
  '3': 'DECLINED-BARRED-CREDIT-PARTY',
  '4': 'DECLINED-OPERATOR-CURRENTLY-UNAVAILABLE',
  '5': 'DECLINED-DUPLICATED-TRANSACTION',
  '6': 'DECLINED',
  '7': 'DECLINED-EXCEPTION',
};

export interface SimTransaction {
  id: number;
  externalId: string;
  product: SimProduct;
  mobileNumber: string;
  callbackUrl?: string;
  created: number;
  confirmed?: number;
  cancelled?: number;
}

export const DELAYS_MS: Record<string, number> = { '1': 3_000, '2': 20_000, '3': 300_000 };

export function outcomeOf(mobileNumber: string, scale: number) {
  const m = /([123])0([0-9])$/.exec(mobileNumber);
  const delay = (m ? (DELAYS_MS[m[1] as string] as number) : 3_000) * scale;
  const digit = m ? (m[2] as string) : '0';
  if (DECLINE_MESSAGES[digit]) return { final: 'DECLINED' as const, message: DECLINE_MESSAGES[digit], delay };
  return { final: 'COMPLETED' as const, message: 'COMPLETED', delay, reverses: digit === '8', hangs: digit === '9' };
}
