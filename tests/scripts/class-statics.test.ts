/**
 * The build's class-statics plugin: literal constants set after a class body become static fields, so esbuild
 * drops the classes nothing uses, and a used class keeps its constants and behaves as before.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classStaticsPlugin, hoistClassStatics } from '../../scripts/lib/class-statics.ts';

/** Shaped like TypeScript's output for static fields of an older target, as in Firebase's packages. */
const LIBRARY = `class Base {
    constructor(id) {
        this.id = id;
    }
}
class UsedProvider extends Base {
    constructor() {
        super(UsedProvider.PROVIDER_ID);
    }
}
/** Always 'used.com'. */
UsedProvider.PROVIDER_ID = "used.com" /* ProviderId.USED */;
UsedProvider.LIST = [];
class UnusedProvider extends Base {
    constructor() {
        super(UnusedProvider.PROVIDER_ID);
    }
}
UnusedProvider.PROVIDER_ID = 'unused.example';
UnusedProvider.RETRIES = 3;
UnusedProvider.ENABLED = true;
export { Base, UsedProvider, UnusedProvider };
`;

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'class-statics-'));
  await writeFile(join(dir, 'library.js'), LIBRARY);
  await writeFile(join(dir, 'entry.js'), "import { UsedProvider } from './library.js';\nexport const provider = new UsedProvider();\n");
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function bundle(plugins: Plugin[]): Promise<string> {
  const result = await build({ entryPoints: [join(dir, 'entry.js')], bundle: true, format: 'esm', write: false, plugins, logLevel: 'silent' });
  return result.outputFiles[0]!.text;
}

describe('hoistClassStatics', () => {
  it('moves literal constants of classes declared in the file into the class body', () => {
    const hoisted = hoistClassStatics(LIBRARY);
    expect(hoisted).toContain('class UsedProvider extends Base {\nstatic PROVIDER_ID = "used.com";\nstatic LIST = [];\n');
    expect(hoisted).toContain("class UnusedProvider extends Base {\nstatic PROVIDER_ID = 'unused.example';\nstatic RETRIES = 3;\nstatic ENABLED = true;\n");
    expect(hoisted).not.toMatch(/^\w+\.\w+ = /m);
  });

  it('leaves computed values (they may depend on what runs in between) and names that are no class of the file', () => {
    const source = 'class A {\n}\nA.made = make();\nA.other = B.value;\nElsewhere.flag = true;\n';
    expect(hoistClassStatics(source)).toBe(source);
  });

  it('lets esbuild drop an unused class it has to keep otherwise, and the used one still works', async () => {
    expect(await bundle([])).toContain('unused.example');
    const output = await bundle([classStaticsPlugin(/[\\/]library\.js$/)]);
    expect(output).not.toContain('unused.example');
    const module = (await import(`data:text/javascript,${encodeURIComponent(output)}`)) as { provider: { id: string } };
    expect(module.provider.id).toBe('used.com');
  });
});
