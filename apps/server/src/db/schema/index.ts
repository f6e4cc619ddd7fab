export * from './assignments.ts';
export * from './auth.ts';
export * from './credit.ts';
export * from './customers.ts';
export * from './organisations.ts';
export * from './outbox.ts';
export * from './products.ts';
export * from './staff.ts';
