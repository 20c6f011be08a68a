import type { SystemManifest } from "./manifest.mjs";

export function packSourceFiles(sourceDir: string): string[];
export function compilePacks(options: {
  root: string;
  outDir: string;
  manifest: SystemManifest;
  log?: boolean;
}): Promise<{ name: string; documents: number }[]>;
