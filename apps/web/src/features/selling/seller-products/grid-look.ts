/**
 * The look of the product screens per template (spec: "up to five template variants"): one page, three layouts.
 * 0 and 5 show product cards, 1 and 3 a compact list, 2 and 4 one tile per denomination; 5's pale background and
 * every template's colour come from the app theme.
 */
export type GridLook = 'cards' | 'list' | 'tiles';

export const TEMPLATE_LOOK: Record<number, GridLook> = {
  0: 'cards',
  1: 'list',
  2: 'tiles',
  3: 'list',
  4: 'tiles',
  5: 'cards',
};
