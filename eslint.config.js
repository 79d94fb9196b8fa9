import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The web app's layers: a feature (src/web/features/<name>/) uses ui/, lib/, forms/, api/ but never
 * another feature; ui/, lib/ and forms/ never use features/ or routes/; lib/ never uses ui/. Route
 * files compose features. One zone per feature folder, read from disk so a new feature is covered.
 */
const WEB = './src/web';
const features = readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...features.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message:
      'A feature does not import another feature: move the shared piece to ui/, lib/ or forms/, or compose them in the route.',
  })),
  ...['ui', 'lib', 'forms'].map((layer) => ({
    target: `${WEB}/${layer}`,
    from: [`${WEB}/features`, `${WEB}/routes`],
    message: `${layer}/ does not import features/ or routes/ (the route passes feature pieces in).`,
  })),
  {
    target: `${WEB}/lib`,
    from: `${WEB}/ui`,
    message: 'lib/ does not import ui/ (ui/ may use lib/).',
  },
];

/**
 * The server's modules (src/server/modules/<name>/) reach one another only through a module's
 * public face: its `service.ts`, or the `index.ts` that lists what else it shares. Never its
 * queries, stores or other files. One zone per module folder, read from disk like the features.
 */
const MODULES = './src/server/modules';
const modules = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleZones = modules.map((name) => ({
  target: `${MODULES}/${name}`,
  from: modules.filter((other) => other !== name).map((other) => `${MODULES}/${other}`),
  except: ['./service.ts', './index.ts'],
  message:
    "A module uses another module through its service.ts or index.ts only: export what it needs there instead of importing the module's queries or stores.",
}));

/** The server never imports the web app; and only the uploads module touches the `uploads` table. */
const serverImportPatterns = [{ group: ['**/web/**'] }];
const uploadsTable = {
  group: ['**/db/schema'],
  importNames: ['uploads'],
  message: 'The uploads table belongs to the uploads module: use the functions of modules/uploads/service.ts.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      'openapi/generated',
      'src/web/api/generated',
      'mocks/generated',
      'src/server/generated',
      'src/web/routeTree.gen.ts',
      'src/web/public/mockServiceWorker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'mocks/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The web app never reaches into the server, and the server never into the web app.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverImportPatterns }] },
  },
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/modules/uploads/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverImportPatterns, uploadsTable] }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/server/**/*.ts', 'src/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript files are modules to follow (no-cycle reads them), parsed as TypeScript.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      // Resolves the @/ alias (tsconfig.json paths) so the zones and no-cycle see every import.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    // No import circle anywhere in the app: a module that needs another's piece takes it through
    // that module's service, or the piece moves to a shared place (src/server/lib, src/web/lib).
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones }] },
  },
  {
    files: ['src/server/modules/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: moduleZones }] },
  },
  {
    // The unit project runs a worker's files in one module graph (vitest.config.ts): a module one
    // file mocks would stay mocked in the files after it.
    files: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock)$/]",
          message:
            'Unit test files share their modules: answer calls with MSW or pass the piece in, do not mock modules.',
        },
      ],
    },
  },
);
