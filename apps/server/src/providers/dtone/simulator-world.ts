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
    { eur: '5.00', local: ['TRY', '150'] as const },
    { eur: '10.00', local: ['TRY', '300'] as const },
    { eur: '20.00', local: ['TRY', '600'] as const },
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
  // The sandbox table names 107 `DECLINED-EXCEPTION`, a status its own status table lacks: the simulator sends only
  // the status table's (decision 0080), so x07 is plain `DECLINED`.
  '7': 'DECLINED',
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

/**
 * The error codes the simulator sends, with the HTTP status and message DT One's description (1.14.0, "API Error
 * Codes") gives each; `dtone.contract.test.ts` fails on any code or status here that the description lacks.
 */
export const SIM_ERRORS = {
  1000400: { status: 400, message: 'Bad Request' },
  1000401: { status: 401, message: 'Unauthorized' },
  1000404: { status: 404, message: 'Resource not found' },
  1000429: { status: 429, message: 'Too many requests' },
  1003001: { status: 404, message: 'Product is not available in your account' },
  1005003: { status: 400, message: 'Credit party mobile number is invalid' },
  1006001: { status: 400, message: 'Insufficient balance' },
  1007001: { status: 400, message: 'Transaction external ID has already been used' },
  1007002: { status: 400, message: 'Transaction has already been confirmed' },
  1007004: { status: 400, message: 'Transaction can no longer be confirmed' },
  1007005: { status: 400, message: 'Transaction has already been cancelled' },
  1007007: { status: 400, message: 'Transaction can no longer be cancelled' },
  1008004: { status: 404, message: 'Transaction not found' },
  1009001: { status: 500, message: 'Unexpected error, please contact our support team' },
  1009503: { status: 503, message: 'Service unavailable, please retry later' },
} as const;
export type SimErrorCode = keyof typeof SIM_ERRORS;
