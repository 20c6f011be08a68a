import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The repository root (scripts/lib/ is two levels down). */
export const ROOT = path.resolve(import.meta.dirname, "..", "..");

export function readJson(file) {
  return JSON.parse(readFileSync(file, "utf8"));
}

/**
 * Every path the manifest asks Foundry to load, relative to the system
 * folder: the modules, the style sheets, the language files, the pack
 * folders and the media the system ships. A build that lacks one of them is
 * not installable.
 */
export function manifestPaths(manifest) {
  return [
    ...(manifest.esmodules ?? []),
    ...(manifest.scripts ?? []),
    ...(manifest.styles ?? []),
    ...(manifest.languages ?? []).map((language) => language.path),
    ...(manifest.packs ?? []).map((pack) => pack.path),
    ...mediaPaths(manifest),
  ];
}

/**
 * The `media` images (and thumbnails) served from the system's own folder
 * (`systems/<id>/…`), relative to it; a web address elsewhere is not ours
 * to ship.
 */
export function mediaPaths(manifest) {
  const prefix = `systems/${manifest.id}/`;
  return (manifest.media ?? [])
    .flatMap((entry) => [entry.url, entry.thumbnail])
    .filter((url) => typeof url === "string" && url.startsWith(prefix))
    .map((url) => url.slice(prefix.length))
    .filter((file, i, all) => all.indexOf(file) === i);
}

/** The paths the manifest names that dir lacks. */
export function missingFiles(manifest, dir) {
  return manifestPaths(manifest).filter((file) => !existsSync(path.join(dir, file)));
}

/**
 * What a ruleset's folder adds to the manifest (src/rulesets/<id>/manifest.json):
 * its document types, its compendium packs and their folders, its style
 * sheets. Everything else (the entry module, the languages, the grid, the
 * media) is the system's, in the top-level system.json.
 */
export const FRAGMENT_KEYS = ["documentTypes", "packs", "packFolders", "styles"];

/** Where each ruleset's manifest fragment lives, relative to the root. */
export function fragmentPath(id) {
  return path.posix.join("src", "rulesets", id, "manifest.json");
}

/**
 * Every ruleset folder's manifest fragment, `{ id, file, fragment }` with
 * `file` relative to the root: the system's own ruleset first (the folder
 * named as the system, FANGS), then by id, so the composed lists keep a
 * stable order whatever the file system lists first. A folder without a
 * fragment adds nothing.
 */
export function rulesetFragments(root = ROOT, systemId = readJson(path.join(root, "system.json")).id) {
  const folder = path.join(root, "src", "rulesets");
  if (!existsSync(folder)) return [];
  const ids = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(folder, entry.name, "manifest.json")))
    .map((entry) => entry.name)
    .sort((a, b) => (a === systemId ? -1 : b === systemId ? 1 : a < b ? -1 : a > b ? 1 : 0));
  return ids.map((id) => {
    const file = fragmentPath(id);
    let fragment;
    try {
      fragment = readJson(path.join(root, file));
    } catch (error) {
      throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { id, file, fragment };
  });
}

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** Every pack name a list of pack folders (and their sub-folders) names. */
function folderPacks(folders) {
  return (folders ?? []).flatMap((folder) => [...(folder.packs ?? []), ...folderPacks(folder.folders)]);
}

/**
 * The top-level manifest with every fragment merged in, in the order given.
 * A fragment is refused (an error naming its file) when it carries a key
 * other than FRAGMENT_KEYS, declares a document type, a pack or a style
 * sheet that the top-level manifest or an earlier fragment already
 * declares, or names a pack in its folders that is not its own. A ruleset
 * other than the system's own names its packs `<id>-…` (their sources are
 * packs/<id>-…/) and its style sheets styles/<id>.css or styles/<id>/…, as its types
 * carry its id: FANGS keeps the names its worlds and links already use.
 */
export function composeManifest(base, fragments, systemId = base.id) {
  const owner = new Map();
  const claim = (what, by, file) => {
    const earlier = owner.get(what);
    if (earlier) throw new Error(`${file}: ${what} is already declared by ${earlier}`);
    owner.set(what, by);
  };
  for (const [documentName, types] of Object.entries(base.documentTypes ?? {}))
    for (const type of Object.keys(types)) claim(`${documentName} type "${type}"`, "system.json");
  for (const pack of base.packs ?? []) claim(`pack "${pack.name}"`, "system.json");
  for (const style of base.styles ?? []) claim(`style sheet "${style}"`, "system.json");

  const documentTypes = structuredClone(base.documentTypes ?? {});
  const packs = [...(base.packs ?? [])];
  const packFolders = [...(base.packFolders ?? [])];
  const styles = [...(base.styles ?? [])];
  const given = new Set();

  for (const { id, file, fragment } of fragments) {
    const refuse = (why) => {
      throw new Error(`${file}: ${why}`);
    };
    if (!isObject(fragment)) refuse("a manifest fragment is a JSON object");
    for (const key of Object.keys(fragment)) {
      if (!FRAGMENT_KEYS.includes(key))
        refuse(`carries "${key}": a ruleset's manifest fragment carries only ${FRAGMENT_KEYS.join(", ")}`);
      given.add(key);
    }
    const own = id !== systemId;

    const types = fragment.documentTypes ?? {};
    if (!isObject(types)) refuse("documentTypes is an object of document names");
    for (const [documentName, declared] of Object.entries(types)) {
      if (!isObject(declared)) refuse(`documentTypes.${documentName} is an object of types`);
      for (const [type, options] of Object.entries(declared)) {
        if (!isObject(options)) refuse(`documentTypes.${documentName}.${type} is an object`);
        claim(`${documentName} type "${type}"`, file, file);
        documentTypes[documentName] = { ...documentTypes[documentName], [type]: options };
      }
    }

    const ownPacks = fragment.packs ?? [];
    if (!Array.isArray(ownPacks)) refuse("packs is a list");
    for (const pack of ownPacks) {
      if (!isObject(pack) || typeof pack.name !== "string") refuse("each pack is an object with a name");
      if (own && !pack.name.startsWith(`${id}-`)) refuse(`pack "${pack.name}" is not named ${id}-…`);
      if (pack.path !== `packs/${pack.name}`)
        refuse(`pack "${pack.name}" has the path "${pack.path}", not "packs/${pack.name}"`);
      claim(`pack "${pack.name}"`, file, file);
      packs.push(pack);
    }

    const folders = fragment.packFolders ?? [];
    if (!Array.isArray(folders)) refuse("packFolders is a list");
    const names = new Set(ownPacks.map((pack) => pack.name));
    for (const name of folderPacks(folders))
      if (!names.has(name)) refuse(`packFolders names pack "${name}", which this fragment does not declare`);
    packFolders.push(...folders);

    const sheets = fragment.styles ?? [];
    if (!Array.isArray(sheets)) refuse("styles is a list");
    for (const sheet of sheets) {
      if (typeof sheet !== "string") refuse("each style sheet is a path");
      if (own && sheet !== `styles/${id}.css` && !sheet.startsWith(`styles/${id}/`))
        refuse(`style sheet "${sheet}" is neither styles/${id}.css nor under styles/${id}/`);
      claim(`style sheet "${sheet}"`, file, file);
      styles.push(sheet);
    }
  }

  const composed = { ...base };
  const lists = { documentTypes, packs, packFolders, styles };
  for (const key of FRAGMENT_KEYS) if (key in base || given.has(key)) composed[key] = lists[key];
  return composed;
}

/**
 * The manifest Foundry loads, from the source tree: the top-level
 * system.json with every ruleset folder's fragment merged in
 * (composeManifest), its version taken from package.json.
 */
export function sourceManifest(root = ROOT) {
  const base = readJson(path.join(root, "system.json"));
  const manifest = composeManifest(base, rulesetFragments(root, base.id));
  const { version } = readJson(path.join(root, "package.json"));
  return { ...manifest, version };
}
