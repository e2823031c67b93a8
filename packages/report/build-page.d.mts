import type { PageAssets } from './src/html/page.js';

/** Builds the page's script (with its CSP hash), its style sheet and the licences of its libraries. */
export function buildPageAssets(): Promise<PageAssets>;
