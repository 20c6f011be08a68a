import type { SystemManifest } from "./lib/manifest.mjs";

export const STATIC_FOLDERS: string[];
export const STATIC_FILES: string[];
export function buildSystem(options?: { root?: string; outDir?: string; log?: boolean }): Promise<{
  outDir: string;
  manifest: SystemManifest;
  copied: string[];
  packs: { name: string; documents: number }[];
  /** Module files (relative to outDir) the browser loads before the entry runs, and those loaded on demand. */
  modules: { startup: string[]; lazy: string[] };
}>;
