export interface PackDeclaration {
  name: string;
  label: string;
  path: string;
  type: string;
}

export interface SystemManifest {
  id: string;
  title: string;
  version: string;
  esmodules?: string[];
  scripts?: string[];
  styles?: string[];
  languages?: { lang: string; name: string; path: string }[];
  packs?: PackDeclaration[];
  packFolders?: unknown[];
  documentTypes?: Record<string, Record<string, { htmlFields?: string[] }>>;
  manifest?: string;
  download?: string;
  url?: string;
  flags?: Record<string, unknown>;
  media?: {
    type: string;
    url: string;
    thumbnail?: string;
    caption?: string;
    loop?: boolean;
    flags?: object;
  }[];
  [field: string]: unknown;
}

export const ROOT: string;
export function readJson<T = unknown>(file: string): T;
export function manifestPaths(manifest: SystemManifest): string[];
export function mediaPaths(manifest: SystemManifest): string[];
export function missingFiles(manifest: SystemManifest, dir: string): string[];
export function sourceManifest(root?: string): SystemManifest;
