interface ImportMetaEnv {
  /** True in the browser build, which runs on Preact's React API (vite.config.ts). */
  readonly PREACT?: boolean;
}
