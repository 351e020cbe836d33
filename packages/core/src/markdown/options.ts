/** Site settings that decide how links in rendered user content are rewritten. */
export interface RenderOptions {
  /** Absolute site URL (`https://bbs.example.com`); links to its host count as internal. */
  baseUrl: string;
  /** When true, external links go through `${baseUrl}/redirect?url=…` (legacy `urlRedirect` setting). */
  urlRedirect: boolean;
}
