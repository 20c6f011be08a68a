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
export const FRAGMENT_KEYS: readonly string[];
/** A ruleset's part of the manifest (src/rulesets/<id>/manifest.json). */
export interface ManifestFragment {
  documentTypes?: SystemManifest["documentTypes"];
  packs?: PackDeclaration[];
  packFolders?: unknown[];
  styles?: string[];
}
export interface RulesetFragment {
  id: string;
  /** Relative to the root. */
  file: string;
  fragment: ManifestFragment;
}
export function fragmentPath(id: string): string;
export function rulesetFragments(root?: string, systemId?: string): RulesetFragment[];
export function composeManifest(
  base: SystemManifest,
  fragments: readonly RulesetFragment[],
  systemId?: string,
): SystemManifest;
export function sourceManifest(root?: string): SystemManifest;
