/**
 * Lets esbuild drop the classes of a library that nothing uses when the library sets their constants after
 * the class body (`GoogleAuthProvider.PROVIDER_ID = "google.com";`, as TypeScript emits static fields for
 * older targets). esbuild keeps every such assignment, and with it the class and whatever the class reaches,
 * because writing a property is a side effect to it. Moved into the class body as a static field, the same
 * constant is side-effect free, so an unused class goes.
 *
 * Firebase Auth is one module of about 60 classes; the console uses a handful, and this keeps the OAuth,
 * TOTP and provider classes out of the login page's download (about 1.4 KB brotli). Only literal values of
 * classes declared in the same file move, so the evaluation order of anything else is unchanged; a library
 * whose output changes shape only gets bigger again, which the bundle budget test notices.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

const LITERAL = String.raw`"[^"\\\n]*"|'[^'\\\n]*'|-?\d+(?:\.\d+)?|null|true|false|\[\]`;
const CLASS_OPENING = /^class (\w+)\b[^\n]*\{$/gm;
const STATIC_ASSIGNMENT = new RegExp(String.raw`^(\w+)\.(\w+) = (${LITERAL})(?: /\*[^*\n]*\*/)?;$`, 'gm');

/** The source with each top-level `Class.NAME = literal;` of a class declared in it moved into the class as `static NAME = literal;`. */
export function hoistClassStatics(source: string): string {
  const classes = new Set(Array.from(source.matchAll(CLASS_OPENING), (match) => match[1]!));
  const fields = new Map<string, string[]>();
  const withoutAssignments = source.replace(STATIC_ASSIGNMENT, (line, name: string, property: string, value: string) => {
    if (!classes.has(name)) return line;
    fields.set(name, [...(fields.get(name) ?? []), `static ${property} = ${value};`]);
    return '';
  });
  return withoutAssignments.replace(CLASS_OPENING, (opening, name: string) => {
    const own = fields.get(name);
    return own ? `${opening}\n${own.join('\n')}` : opening;
  });
}

/** The esbuild plugin: applies hoistClassStatics to the files `filter` matches. */
export function classStaticsPlugin(filter: RegExp): Plugin {
  return {
    name: 'class-statics',
    setup(build) {
      build.onLoad({ filter }, async (args) => ({ contents: hoistClassStatics(await readFile(args.path, 'utf8')), loader: 'js' }));
    },
  };
}
