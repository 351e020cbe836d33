import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Chinese characters, CJK punctuation and full-width forms, as written in the source. */
const cjk = '/[\\u3000-\\u303f\\u4e00-\\u9fff\\uff00-\\uffef]/';
const cjkLiteralSelectors = [
  `Literal[raw=${cjk}]`,
  `TemplateElement[value.raw=${cjk}]`,
  `JSXText[value=${cjk}]`,
];
const cjkMessage = 'A text users read goes in the catalogue (apps/web/app/texts/<feature>.ts), not inline.';

// Import boundaries between the workspaces. A workspace reaches another only through that package's
// `exports` (`@forum/infra/ports`, never `../../../infra/src/ports`), and only in the directions the
// layering allows: contracts ← core ← worker, api ← web's server side (types only) and infra.
const acrossWorkspaces = [
  {
    // A relative path out of one workspace into another (`../../infra/src`, `../../api/src`).
    regex: String.raw`^(\.\./)+(apps|packages|infra|api|web|worker|core|contracts)(/|$)`,
    message: 'Import the other workspace by its package name (@forum/...), through its exports.',
  },
  {
    group: ['@forum/*/src', '@forum/*/src/**'],
    message: 'Import a workspace through its exports, not its source files.',
  },
];
const forbid = (names, message) => ({ regex: `^@forum/(${names.join('|')})(/|$)`, message });
const boundaries = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...acrossWorkspaces, ...patterns] }],
});
const apps = ['api', 'web', 'worker'];
// The whole server catalogue in a browser module puts every server text in the page's first load.
const wholeTextsCatalogue = {
  selector: "ImportDeclaration[source.value='@forum/contracts'] > ImportSpecifier[imported.name='Texts']",
  message: 'Browser code imports a texts group (TextsTopics, TextsHttp, …), never the whole Texts.',
};
// `import('@forum/core')` in the web app: the import rule does not see dynamic imports.
const webDynamicImport = {
  selector: String.raw`ImportExpression[source.value=/^@forum\/(api|core|infra|worker)(\/|$)/]`,
  message: 'The web app reaches the domain through the API only.',
};
// The API's tRPC router type is the one thing the web app takes from the API, and only as a type.
const routerTypeOnly = {
  regex: '^@forum/api(/|$)',
  allowTypeImports: true,
  message: 'The web app takes only the router types from the API (import type from @forum/api/router).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.cache/**',
      '**/.react-router/**',
      '**/.tsbuild/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      ...boundaries(),
    },
  },
  {
    // Type-aware rules: each file is checked with its workspace's tsconfig.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    files: ['packages/contracts/**'],
    ignores: ['**/*.test.ts'],
    rules: boundaries({
      regex: String.raw`^(?!zod(/|$)|\.\.?/)`,
      message: 'Contracts import nothing but zod and their own files.',
    }),
  },
  {
    files: ['packages/core/**'],
    rules: boundaries(forbid([...apps, 'infra'], 'Core never imports an app or infra.')),
  },
  {
    files: ['apps/api/**'],
    ignores: ['apps/api/src/test/**', '**/*.test.ts'],
    rules: boundaries(forbid(['web', 'worker'], 'Apps never import each other.')),
  },
  {
    // The API's tests run a real worker in their own process.
    files: ['apps/api/src/test/**', 'apps/api/**/*.test.ts'],
    rules: boundaries(forbid(['web'], 'Apps never import each other.')),
  },
  {
    files: ['apps/worker/**'],
    rules: boundaries(forbid(['api', 'web', 'infra'], 'The worker imports no app and no infra.')),
  },
  {
    files: ['apps/web/**'],
    ignores: ['apps/web/e2e/**'],
    rules: {
      ...boundaries(
        forbid(['core', 'worker', 'infra'], 'The web app reaches the domain through the API only.'),
        routerTypeOnly,
      ),
      'no-restricted-syntax': ['error', webDynamicImport],
    },
  },
  {
    // The web server itself (not the app it serves) keeps its page cache in Redis and makes that
    // client through core's one factory, which knows a Redis Cluster address, and answers requests
    // it cannot parse as the API does; nothing else of core.
    files: ['apps/web/*.mjs'],
    rules: boundaries(
      forbid(['worker', 'infra'], 'The web app reaches the domain through the API only.'),
      {
        regex: String.raw`^@forum/core(?!/(redis-client|client-errors)$)(/|$)`,
        message:
          'The web server takes only the Redis client factory and the answer to unparsable requests from core.',
      },
      routerTypeOnly,
    ),
  },
  {
    // The end-to-end tests seed data with core's factories and start the stack with infra's tools.
    files: ['apps/web/e2e/**'],
    rules: boundaries(forbid(['worker'], 'Apps never import each other.'), routerTypeOnly),
  },
  {
    files: ['infra/**'],
    rules: boundaries(forbid(apps, 'Infra starts the apps as processes; it does not import them.')),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Words the web app shows live in its catalogue (apps/web/app/texts), never inline.
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/texts/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        // Repeated from the web block above: a later block's setting of a rule replaces an earlier one's.
        webDynamicImport,
        wholeTextsCatalogue,
        ...cjkLiteralSelectors.map((selector) => ({ selector, message: cjkMessage })),
      ],
    },
  },
  {
    // Server-only modules of the web app never reach the browser: they may take the whole catalogue.
    files: ['apps/web/app/**/*.server.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        webDynamicImport,
        ...cjkLiteralSelectors.map((selector) => ({ selector, message: cjkMessage })),
      ],
    },
  },
  {
    // A Redis pipeline or MULTI answers through execAll (packages/core/src/redis.ts), which throws a
    // failed command's error: a bare exec() resolves with [error, undefined] pairs that read as
    // replies (a failed ZSCORE read as "liked"). Mongoose queries await without exec().
    files: ['packages/core/src/**/*.ts', 'apps/api/src/**/*.ts', 'apps/worker/src/**/*.ts'],
    ignores: ['packages/core/src/redis.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='exec'][arguments.length=0]",
          message: 'Run a Redis batch with execAll(batch); await a mongoose query without exec().',
        },
      ],
    },
  },
  {
    files: ['infra/**/*.ts', '**/*.test.ts', '**/test/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests and their helpers read untyped JSON bodies of raw HTTP responses.
    files: ['**/*.test.ts', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A test narrows with `!` what its expectations just checked; the assertion lines stay as they read.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-unnecessary-type-assertion': 'off' },
  },
);
