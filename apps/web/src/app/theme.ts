import { createTheme, darken, lighten, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { BREAKPOINTS, TEMPLATE_COLOURS } from '@portal/contract/limits';

const em = (px: number) => `${px / 16}em`;

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

export function buildTheme(template: number): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    autoContrast: true,
    colors: { brand: brandShades(TEMPLATE_COLOURS[template] ?? TEMPLATE_COLOURS[0]) },
    breakpoints: {
      xs: em(BREAKPOINTS.xs),
      sm: em(BREAKPOINTS.sm),
      md: em(BREAKPOINTS.md),
      lg: em(BREAKPOINTS.lg),
      xl: em(BREAKPOINTS.xl),
    },
    defaultRadius: 'md',
    cursorType: 'pointer',
  });
}
