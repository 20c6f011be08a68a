import {
  ROOT,
  type RulesetFragment,
  rulesetFragments,
  type SystemManifest,
} from "../../scripts/lib/manifest.mjs";

/**
 * The composed manifest seen as FANGS alone: what every ruleset folder other
 * than the system's own adds (its fragment, src/rulesets/<id>/manifest.json)
 * taken out again. The build tests compare this part exactly with FANGS's
 * figures, so a new ruleset's folder changes none of them; the other
 * rulesets' parts are checked against their own fragments.
 */
export function othersFragments(root = ROOT): RulesetFragment[] {
  const systemId = (rulesetFragments(root)[0]?.id ?? "fangs") as string;
  return rulesetFragments(root).filter((f) => f.id !== systemId);
}

export function systemPart(composed: SystemManifest, others: readonly RulesetFragment[]): SystemManifest {
  const types = new Set<string>();
  const packs = new Set<string>();
  const folders = new Set<string>();
  const styles = new Set<string>();
  for (const { fragment } of others) {
    for (const [documentName, declared] of Object.entries(fragment.documentTypes ?? {}))
      for (const type of Object.keys(declared)) types.add(`${documentName}.${type}`);
    for (const pack of fragment.packs ?? []) packs.add(pack.name);
    for (const folder of fragment.packFolders ?? []) folders.add(JSON.stringify(folder));
    for (const sheet of fragment.styles ?? []) styles.add(sheet);
  }
  const part: SystemManifest = { ...composed };
  if (composed.documentTypes)
    part.documentTypes = Object.fromEntries(
      Object.entries(composed.documentTypes)
        .map(([documentName, declared]): [string, Record<string, { htmlFields?: string[] }>] => [
          documentName,
          Object.fromEntries(
            Object.entries(declared).filter(([type]) => !types.has(`${documentName}.${type}`)),
          ),
        ])
        .filter(([, declared]) => Object.keys(declared).length > 0),
    );
  if (composed.packs) part.packs = composed.packs.filter((pack) => !packs.has(pack.name));
  if (composed.packFolders)
    part.packFolders = composed.packFolders.filter((folder) => !folders.has(JSON.stringify(folder)));
  if (composed.styles) part.styles = composed.styles.filter((sheet) => !styles.has(sheet));
  return part;
}
