/** Refusals of the hardware shop calls, by their error code. */
export const hardwareErrorCodesDe = {
  order_status_invalid: 'Eine Bestellung im Status „{{from}}“ kann nicht auf „{{to}}“ wechseln.',
};
