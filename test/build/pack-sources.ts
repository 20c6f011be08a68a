import { readFileSync } from "node:fs";
import path from "node:path";
import {
  type PackDeclaration,
  ROOT,
  type SystemManifest,
  sourceManifest,
} from "../../scripts/lib/manifest.mjs";
import { packSourceFiles } from "../../scripts/lib/packs.mjs";
import { othersFragments } from "./ruleset-parts";

/** A document as a pack source file stores it (top level or embedded). */
export interface SourceDocument {
  _id: string;
  _key: string;
  name: string;
  type?: string;
  img?: string;
  system?: Record<string, unknown>;
  items?: SourceDocument[];
  pages?: SourceDocument[];
  effects?: unknown[];
  [field: string]: unknown;
}

export interface PackSource {
  pack: PackDeclaration;
  /** File name (no folder) → document. */
  documents: Map<string, SourceDocument>;
}

export const manifest: SystemManifest = sourceManifest(ROOT);

export function packDir(name: string): string {
  return path.join(ROOT, "packs", name);
}

export function loadPacks(): PackSource[] {
  return (manifest.packs ?? []).map((pack) => {
    const documents = new Map<string, SourceDocument>();
    for (const file of packSourceFiles(packDir(pack.name))) {
      documents.set(path.basename(file), JSON.parse(readFileSync(file, "utf8")) as SourceDocument);
    }
    return { pack, documents };
  });
}

/** The item type each of FANGS's Item packs holds. */
export const ITEM_PACK_TYPES: Record<string, string> = {
  weapons: "weapon",
  shields: "shield",
  armor: "armor",
  skills: "skill",
  advantages: "advantage",
  maneuvers: "maneuver",
};

/**
 * The item types a document of an Item pack may have: FANGS's pack holds its
 * one type (ITEM_PACK_TYPES); another ruleset's pack (`<id>-…`, declared in
 * its folder's manifest.json) holds that ruleset's Item types, as its
 * fragment declares them. A pack neither knows allows none.
 */
export function itemPackTypes(name: string): string[] {
  const fangs = ITEM_PACK_TYPES[name];
  if (fangs) return [fangs];
  const owner = othersFragments(ROOT).find(({ fragment }) =>
    (fragment.packs ?? []).some((p) => p.name === name),
  );
  return Object.keys(owner?.fragment.documentTypes?.Item ?? {});
}
