import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  lighten,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import { BREAKPOINTS, TEMPLATE_COLOURS } from '@portal/contract/limits';
import focus from './focus.module.css';

const em = (px: number) => `${px / 16}em`;

/** WCAG 2.1 AA for normal-size text. */
export const TEXT_CONTRAST = 4.5;
/** Luminance above which black text reads better than white (the crossing point of both contrast ratios). */
const LUMINANCE_THRESHOLD = 0.179;

export type Scheme = 'light' | 'dark';

const BLACK = '#000000';
const WHITE = '#ffffff';
const { dark, gray, red } = DEFAULT_THEME.colors;

/** Page backgrounds text sits on: the body and the slightly tinted surfaces (stripes, hovers, inputs). */
export const SURFACES: Record<Scheme, readonly string[]> = {
  light: [WHITE, gray[0], gray[1]],
  dark: [dark[7], dark[6], dark[8]],
};

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function rgb(colour: string): [number, number, number] {
  const hex = colour.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** Mantine's lighten/darken answer rgba(); the contrast maths wants hex. */
function hex(colour: string): string {
  if (colour.startsWith('#')) return colour;
  const parts = colour.match(/[\d.]+/g) ?? [];
  return `#${parts
    .slice(0, 3)
    .map((p) => Math.round(Number(p)).toString(16).padStart(2, '0'))
    .join('')}`;
}

export function relativeLuminance(colour: string): number {
  const [r, g, b] = rgb(hex(colour));
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white, whichever reads better on the colour; the same choice Mantine's autoContrast makes. */
export function textOn(colour: string): string {
  return relativeLuminance(colour) > LUMINANCE_THRESHOLD ? BLACK : WHITE;
}

/**
 * The colour moved towards black (light scheme) or white (dark scheme) in small steps until it reaches
 * AA contrast on every given background, so a text keeps the hue of its colour.
 */
export function readableShade(colour: string, scheme: Scheme, backgrounds: readonly string[]): string {
  const shift = scheme === 'light' ? darken : lighten;
  for (let step = 0; step <= 50; step += 1) {
    const candidate = hex(shift(colour, step / 50));
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= TEXT_CONTRAST)) return candidate;
  }
  return scheme === 'light' ? BLACK : WHITE;
}

/** Ten shades around the template colour, which sits at shade 6 (Mantine's primary shade) unchanged. */
export function brandShades(colour: string): MantineColorsTuple {
  return [
    lighten(colour, 0.92),
    lighten(colour, 0.8),
    lighten(colour, 0.65),
    lighten(colour, 0.5),
    lighten(colour, 0.32),
    lighten(colour, 0.15),
    colour,
    darken(colour, 0.12),
    darken(colour, 0.24),
    darken(colour, 0.36),
  ];
}

function templateColour(template: number): string {
  return TEMPLATE_COLOURS[template] ?? TEMPLATE_COLOURS[0];
}

/** Background of Mantine's "light" variant (badges, light buttons, alerts) of a colour. */
function lightVariantBackground(shades: readonly string[], scheme: Scheme): string {
  return scheme === 'light' ? hex(shades[1] ?? WHITE) : hex(darken(shades[9] ?? BLACK, 0.5));
}

/** The colour pairs a template produces in one scheme, as the unit test and the CSS variables use them. */
export function templatePalette(template: number, scheme: Scheme) {
  const primary = templateColour(template);
  const shades = brandShades(primary);
  const lightBackground = lightVariantBackground(shades, scheme);
  const text = readableShade(primary, scheme, [...SURFACES[scheme], lightBackground]);
  return {
    /** Filled buttons keep the brand colour itself; their label is black or white. */
    filled: primary,
    onFilled: textOn(primary),
    /** Links, subtle and outline buttons, light badges and `c="brand"` texts. */
    text,
    lightBackground,
    dimmed: scheme === 'light' ? gray[7] : dark[1],
    error: scheme === 'light' ? red[9] : red[4],
  };
}

/**
 * Mantine writes text in a colour's filled shade (light) or shade 4 (dark), which for bright brand
 * colours and for red, yellow, teal… misses AA; every colour's text, light-variant and outline shade is
 * moved until it reads on the page.
 */
export function accessibleVariables(template: number): CSSVariablesResolver {
  return (theme) => {
    const schemeVariables = (scheme: Scheme) => {
      const palette = templatePalette(template, scheme);
      const vars: Record<string, string> = {
        '--mantine-color-anchor': palette.text,
        '--mantine-color-dimmed': palette.dimmed,
        '--mantine-color-error': palette.error,
      };
      for (const [name, shades] of Object.entries(theme.colors)) {
        if (name === 'dark' || name === 'gray') continue;
        const base = scheme === 'light' ? shades[6] : shades[4];
        const text =
          name === theme.primaryColor
            ? palette.text
            : readableShade(hex(base), scheme, [...SURFACES[scheme], lightVariantBackground(shades, scheme)]);
        vars[`--mantine-color-${name}-text`] = text;
        vars[`--mantine-color-${name}-light-color`] = text;
        vars[`--mantine-color-${name}-outline`] = text;
      }
      return vars;
    };
    return { variables: {}, light: schemeVariables('light'), dark: schemeVariables('dark') };
  };
}

/**
 * `closeLabel` names the close buttons of dialogs, drawers, notifications and alerts, which Mantine draws as
 * an icon without a name.
 */
export function buildTheme(template: number, closeLabel: string): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    autoContrast: true,
    luminanceThreshold: LUMINANCE_THRESHOLD,
    colors: { brand: brandShades(templateColour(template)) },
    breakpoints: {
      xs: em(BREAKPOINTS.xs),
      sm: em(BREAKPOINTS.sm),
      md: em(BREAKPOINTS.md),
      lg: em(BREAKPOINTS.lg),
      xl: em(BREAKPOINTS.xl),
    },
    defaultRadius: 'md',
    cursorType: 'pointer',
    focusClassName: focus.ring,
    // Plain objects rather than Component.extend: the theme is in the first chunk, those components are not.
    components: {
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Alert: { defaultProps: { closeButtonLabel: closeLabel } },
      Input: { classNames: { input: focus.input } },
    },
  });
}
