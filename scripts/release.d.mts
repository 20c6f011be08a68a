import type { SystemManifest } from "./lib/manifest.mjs";

export const ZIP_NAME: string;
export function tagFor(version: string): string;
export function releaseUrls(
  repoUrl: string | undefined,
  tag: string,
): { url: string; manifest: string; download: string };
export function releaseManifest(
  manifest: SystemManifest,
  options: { repoUrl: string | undefined; tag?: string | undefined },
): SystemManifest;
export function packageRelease(options: {
  distDir: string;
  outDir: string;
  repoUrl: string | undefined;
  tag?: string | undefined;
}): Promise<{ manifest: SystemManifest; zipPath: string; files: string[]; manifestText: string }>;
