import { numeric } from 'drizzle-orm/pg-core';

/** Every money column: `numeric(19,4)`, read as a string and computed with decimal.js (never a float). */
export const money = (name?: string) =>
  name === undefined ? numeric({ precision: 19, scale: 4 }) : numeric(name, { precision: 19, scale: 4 });
