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
    },
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
        ...cjkLiteralSelectors.map((selector) => ({ selector, message: cjkMessage })),
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
);
