import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

/**
 * Import zones, as bulletproof-react draws them: a feature never imports another feature (shared pieces go
 * down to components/ or lib/), and imports point downwards only: the shell, then features, then
 * components, then lib and state. app.tsx, main.tsx and config/ compose the shell and the features and
 * stand above them all; the shell composes features (the notification centre, the chat assistant, the
 * navigation's counts) but not config.
 */
const FEATURES = readdirSync(fileURLToPath(import.meta.resolve('./client/src/features')), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const MODULES = readdirSync(fileURLToPath(import.meta.resolve('./backend/src/modules')), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A back-end module reaches another only through its index.ts (what the module chose to export). */
const moduleZones = MODULES.map((module) => ({
  files: [`backend/src/modules/${module}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: MODULES.filter((other) => other !== module).map((other) => ({
          regex: `^\\.\\./(\\.\\./)*(modules/)?${other}/(?!index\\.ts$)`,
          message: `modules meet only through their index: import what ${module} needs from '../${other}/index.ts'.`,
        })),
      },
    ],
  },
}));

const featureZones = FEATURES.map((feature) => ({
  files: [`client/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...FEATURES.filter((other) => other !== feature).map((other) => ({
            regex: `^(\\.\\./)+(features/)?${other}(/|$)`,
            message: `features never import each other: move what ${feature} needs from ${other} down to components/ or lib/.`,
          })),
          { regex: '(^|/)(shell|config)/', message: 'features sit below the shell and config/: they compose features, not the other way round.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // No import cycles anywhere, at run time (type-only imports are erased and cannot form one): a cycle
    // means two files are one piece of code, or a shared piece sits in the wrong one.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  ...featureZones,
  ...moduleZones,
  {
    // Features build their choices and tables from the primitives (components/select.tsx, data-table.tsx,
    // table.tsx), so a label, an error, a heading's scope or a date's format is done one way everywhere.
    files: ['client/src/features/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXOpeningElement[name.name='select']", message: 'features use the Select, FilterSelect or SelectControl primitive (components/select.tsx), not a raw <select>.' },
        { selector: "JSXOpeningElement[name.name='table']", message: 'features use DataTable (a list page) or Table (a small table, components/table.tsx), not a raw <table>.' },
      ],
    },
  },
  {
    // Production code never depends on the demo's data or tools: the seeds import the areas, not the other way.
    files: ['backend/src/**/*.ts', 'gateway/**/*.ts', 'common/**/*.ts', 'client/**/*.{ts,tsx}'],
    ignores: ['backend/src/demo/**', 'backend/src/modules/*/seed.ts', 'backend/src/modules/*/seed-*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './',
              from: ['./backend/src/demo/**', './backend/src/modules/*/seed.ts', './backend/src/modules/*/seed-*.ts'],
              message: 'production code never imports demo or seed code: move what both need into the module or common/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['backend/src/{lib,plugins,db}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(modules|demo)/', message: 'lib/, plugins/ and db/ sit below the modules: pass what they need in, or move it down.' }] },
      ],
    },
  },
  {
    files: ['client/src/shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)config/', message: 'the shell sits below config/: config/ hands it what to show.' }] }],
    },
  },
  {
    files: ['client/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(features|config|shell)/', message: 'components/ hold only primitives, below the features and the shell: pass what you need in as props.' }] },
      ],
    },
  },
  {
    files: ['client/src/{lib,state}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '(^|/)(features|config|components|shell)/', message: 'lib/ and state/ are the bottom layer: they import no components, features or shell.' }],
        },
      ],
    },
  },
  {
    // A contract file at run time brings the schema library (20 KB brotli) into the console's bundle.
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // endpoint.ts is the tables' schema-free frame (the schema library for its types only).
              regex: '(^|/)common/contract/(?!http\\.ts$)(?!endpoint\\.ts$)(?!field\\.ts$)(?![\\w-]+-(paths|fields)\\.ts$)',
              allowTypeImports: true,
              message: 'the console imports contract schemas for their types only (import type): endpoints and constants come from the -paths.ts files, endpoint.ts and http.ts, fields from the -fields.ts sheets.',
            },
          ],
        },
      ],
    },
  },
);
