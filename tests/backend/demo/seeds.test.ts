/** The demo seeds live outside the modules (production code never imports them): none is left out of the table that runs them. */
import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_SEEDS } from '../../../backend/src/demo/seeds.ts';

const modulesDir = fileURLToPath(new URL('../../../backend/src/modules/', import.meta.url));

describe('the demo seeds', () => {
  it("runs every module's seed.ts, once", async () => {
    const seeded = readdirSync(modulesDir).filter((module) => existsSync(`${modulesDir}${module}/seed.ts`));
    const seeds = await Promise.all(
      seeded.map(async (module) => Object.values((await import(`${modulesDir}${module}/seed.ts`)) as Record<string, unknown>).filter((value) => DEMO_SEEDS.includes(value as never))),
    );
    expect(seeds.map((found, index) => [seeded[index], found.length])).toEqual(seeded.map((module) => [module, 1]));
    expect(new Set(DEMO_SEEDS).size).toBe(DEMO_SEEDS.length);
    expect(DEMO_SEEDS).toHaveLength(seeded.length);
  });
});
