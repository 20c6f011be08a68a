import { fangsConfig } from "../config/fangs-config";
import { activeRulesetId } from "../config/ruleset-setting";
import { type Footprint, placeFootprints, type Square, squareKey } from "./layout";
import { DEFAULT_CREATURE_PACK, type EncounterDefinition, encounterTable, SIDE_DISPOSITION } from "./table";

/**
 * Placing a ready-made encounter on the scene the GM is viewing, part of
 * FANGS's heavy part (src/on-demand.ts): its creatures imported from their
 * compendium into a world folder named after it (an actor imported before
 * from the same compendium entry is used again, so placing twice imports
 * once), their tokens on free squares around the scene's centre, and, with
 * a combat running there, the offer to add them to it. Only a GM creates
 * actors and tokens, so a player's call changes nothing and says why.
 */

type AnyActor = Actor.Stored;

export interface PlaceOptions {
  /** Add the new tokens to the viewed combat without asking (true) or not at all (false); asked when left out. */
  readonly addToCombat?: boolean;
}

export interface Placed {
  readonly encounter: EncounterDefinition;
  /** The world actors used, one per entry of the encounter, in its order. */
  readonly actors: readonly AnyActor[];
  /** How many of them this call imported (the rest were there already). */
  readonly imported: number;
  readonly tokens: readonly unknown[];
  readonly combatants: number;
}

const i18n = () => game.i18n!;

function warn(key: string, data?: Record<string, string>): null {
  ui.notifications?.warn(data ? i18n().format(key, data) : i18n().localize(key));
  return null;
}

/**
 * All encounters a GM may place: the system's and those modules added to
 * CONFIG.FANGS.encounters, of the combat rules the world plays.
 */
export function listEncounters(): readonly EncounterDefinition[] {
  return Object.values(encounterTable(fangsConfig()?.encounters, activeRulesetId()));
}

export async function placeEncounter(id: string, options: PlaceOptions = {}): Promise<Placed | null> {
  if (!game.user?.isGM) return warn("FANGS.Encounter.Error.GmOnly");
  const encounter = listEncounters().find((e) => e.id === id);
  if (!encounter) return warn("FANGS.Encounter.Error.Unknown", { id: String(id) });
  const scene = canvas?.scene ?? null;
  if (!scene?.dimensions) return warn("FANGS.Encounter.Error.NoScene");
  const name = i18n().localize(encounter.name);

  const actors: AnyActor[] = [];
  let imported = 0;
  let folderId: string | null = null;
  for (const entry of encounter.creatures) {
    const uuid = `Compendium.${entry.pack ?? DEFAULT_CREATURE_PACK}.Actor.${entry.actor}`;
    const known = importedFrom(uuid);
    if (known) {
      actors.push(known);
      continue;
    }
    const source = await fromUuid(uuid as `Actor.${string}`);
    if (!source) return warn("FANGS.Encounter.Error.Missing", { name, uuid });
    folderId ??= await folderFor(name);
    const { _id, ...data } = source.toObject();
    const created = await Actor.create({ ...data, folder: folderId, _stats: { compendiumSource: uuid } });
    if (!created) return warn("FANGS.Encounter.Error.Missing", { name, uuid });
    actors.push(created);
    imported++;
  }

  const groups = encounter.creatures.map((entry, i) => ({ entry, actor: actors[i]! }));
  const footprints: Footprint[] = groups.flatMap(({ entry, actor }) =>
    Array.from({ length: entry.count }, () => footprintOf(actor)),
  );
  const dims = scene.dimensions;
  const size = dims.size;
  const center: Square = {
    col: Math.floor((dims.sceneX + dims.sceneWidth / 2) / size),
    row: Math.floor((dims.sceneY + dims.sceneHeight / 2) / size),
  };
  const bounds = {
    minCol: Math.ceil(dims.sceneX / size),
    minRow: Math.ceil(dims.sceneY / size),
    maxCol: Math.floor((dims.sceneX + dims.sceneWidth) / size) - 1,
    maxRow: Math.floor((dims.sceneY + dims.sceneHeight) / size) - 1,
  };
  const squares = placeFootprints(center, footprints, takenSquares(scene, size), bounds);
  if (!squares) return warn("FANGS.Encounter.Error.NoRoom", { name });

  const tokenData: TokenDocument.CreateData[] = [];
  let n = 0;
  for (const { entry, actor } of groups) {
    for (let k = 1; k <= entry.count; k++) {
      const at = squares[n++]!;
      const token = await actor.getTokenDocument({
        x: at.col * size,
        y: at.row * size,
        // Foundry's types brand its constants; the table holds their plain values.
        disposition: SIDE_DISPOSITION[entry.side] as CONST.TOKEN_DISPOSITIONS,
        ...(entry.count > 1 ? { name: `${actor.name} ${k}` } : {}),
      });
      tokenData.push(token.toObject());
    }
  }
  const tokens = (await scene.createEmbeddedDocuments("Token", tokenData)) ?? [];

  const combatants = await offerCombat(scene, tokens, options);
  ui.notifications?.info(i18n().format("FANGS.Encounter.Placed", { name, count: String(tokens.length) }));
  return { encounter, actors, imported, tokens, combatants };
}

/** A world actor imported from that compendium entry (Foundry records it in `_stats.compendiumSource`; older imports in the core flag). */
function importedFrom(uuid: string): AnyActor | null {
  const actors = game.actors?.contents ?? [];
  return (
    actors.find(
      (a) =>
        a._stats.compendiumSource === uuid ||
        // The flag older versions of Foundry wrote, which its types no longer list.
        (a.flags.core as { sourceId?: string } | undefined)?.sourceId === uuid,
    ) ?? null
  );
}

async function folderFor(name: string): Promise<string | null> {
  const folders = game.folders?.contents ?? [];
  const found = folders.find((f) => f.type === "Actor" && f.name === name);
  if (found) return found.id;
  const created = await Folder.create({ name, type: "Actor" });
  return created?.id ?? null;
}

function footprintOf(actor: AnyActor): Footprint {
  const token = actor.prototypeToken;
  const side = (v: number | undefined) => Math.max(1, Math.ceil(v ?? 1));
  return { width: side(token?.width), height: side(token?.height) };
}

function takenSquares(scene: Scene.Implementation, size: number): Set<string> {
  const taken = new Set<string>();
  for (const t of scene.tokens) {
    const col = Math.floor((t.x ?? 0) / size);
    const row = Math.floor((t.y ?? 0) / size);
    const w = Math.max(1, Math.ceil(t.width ?? 1));
    const h = Math.max(1, Math.ceil(t.height ?? 1));
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) taken.add(squareKey(col + c, row + r));
  }
  return taken;
}

/** With a combat on this scene, adds the tokens when the GM agrees (or when told to). */
async function offerCombat(
  scene: Scene.Implementation,
  tokens: readonly { id: string; actorId?: string | null }[],
  options: PlaceOptions,
): Promise<number> {
  const combat = game.combat;
  if (!combat || tokens.length === 0 || (combat.scene && combat.scene.id !== scene.id)) return 0;
  const add = options.addToCombat ?? (await askToAdd(tokens.length));
  if (!add) return 0;
  const created = await combat.createEmbeddedDocuments(
    "Combatant",
    tokens.map((t) => ({ tokenId: t.id, sceneId: scene.id, actorId: t.actorId ?? null })),
  );
  return created?.length ?? 0;
}

async function askToAdd(count: number): Promise<boolean> {
  const dialog = foundry.applications?.api?.DialogV2;
  if (!dialog) return false;
  const answer = await dialog.confirm({
    window: { title: i18n().localize("FANGS.Encounter.AddToCombat.Title") },
    content: `<p>${i18n().format("FANGS.Encounter.AddToCombat.Content", { count: String(count) })}</p>`,
  });
  return answer === true;
}
