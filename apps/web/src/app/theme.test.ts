import { DEFAULT_THEME } from '@mantine/core';
import { TEMPLATE_COLOURS } from '@portal/contract/limits';
import { describe, expect, it } from 'vitest';
import { accessibleVariables, buildTheme, contrastRatio, type Scheme, SURFACES, templatePalette } from './theme.ts';

const SCHEMES: Scheme[] = ['light', 'dark'];
const TEMPLATES = TEMPLATE_COLOURS.map((_, template) => template);

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    // The ratio that made white labels on the default template's buttons unreadable.
    expect(contrastRatio('#ffffff', '#00a1f1')).toBeLessThan(3);
  });
});

describe.each(TEMPLATES)('template %i', (template) => {
  it.each(SCHEMES)('keeps its brand colour as the filled colour (%s)', (scheme) => {
    expect(templatePalette(template, scheme).filled).toBe(TEMPLATE_COLOURS[template]);
    expect(buildTheme(template, 'Close').colors?.brand?.[6]).toBe(TEMPLATE_COLOURS[template]);
  });

  it.each(SCHEMES)('meets AA for every text pair the theme produces (%s)', (scheme) => {
    const palette = templatePalette(template, scheme);
    expect(contrastRatio(palette.onFilled, palette.filled)).toBeGreaterThanOrEqual(4.5);
    for (const surface of SURFACES[scheme]) {
      expect(contrastRatio(palette.text, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette.dimmed, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette.error, surface)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(palette.text, palette.lightBackground)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(SCHEMES)('writes the readable shades into the CSS variables of every colour (%s)', (scheme) => {
    const theme = { ...DEFAULT_THEME, colors: { ...DEFAULT_THEME.colors, ...buildTheme(template, 'Close').colors } };
    const variables = accessibleVariables(template)(theme as typeof DEFAULT_THEME)[scheme];
    expect(variables['--mantine-color-anchor']).toBe(templatePalette(template, scheme).text);
    for (const name of Object.keys(theme.colors).filter((n) => n !== 'dark' && n !== 'gray')) {
      const text = variables[`--mantine-color-${name}-text`] as string;
      for (const surface of SURFACES[scheme]) expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
