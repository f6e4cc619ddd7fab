import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCREENS } from './screens.ts';

const partFiles = readdirSync(new URL('./screens/', import.meta.url)).filter((f) => f.endsWith('.ts'));

async function parts(): Promise<Record<string, Record<string, unknown>>> {
  const loaded = await Promise.all(
    partFiles.map(async (file) => [file, Object.values(await import(`./screens/${file}`))[0]] as const),
  );
  return Object.fromEntries(loaded) as Record<string, Record<string, unknown>>;
}

describe('SCREENS', () => {
  it('names each path in one domain part only, so no rule is overwritten by a later part', async () => {
    const owners = new Map<string, string[]>();
    for (const [file, part] of Object.entries(await parts())) {
      for (const path of Object.keys(part)) owners.set(path, [...(owners.get(path) ?? []), file]);
    }
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
  });

  it('holds every screen of every part, with the part’s rule', async () => {
    for (const part of Object.values(await parts())) {
      for (const [path, rule] of Object.entries(part)) expect(SCREENS[path as keyof typeof SCREENS]).toBe(rule);
    }
  });
});
