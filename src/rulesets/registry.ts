import type { RulesetAttack } from "../apps/attack/attack-entry";
import type { GmDamageRequest } from "../apps/gm-damage/damage-request";
import type { CardFlow } from "../chat/card-flows";
import type { CardRenderer } from "../chat/card-render";
import type { RulesetCheckLabels } from "../chat/check-card";
import type { RulesetHotbarDrop } from "../chat/hotbar-drop";
import type { AnyTableRuleset } from "../combat/table-ruleset";
import { activeRulesetId, DEFAULT_RULESET } from "../config/ruleset-setting";
import { type EffectAttachment, registerEffectAttachment } from "../effects/attached-effects";
import type { RulesetQuenchBatch } from "../quench/batch";
import {
  type EffectKindDefinition,
  type PoolDefinition,
  registerEffectKind,
} from "../rules/kernel/effect-kinds";
import type { Effect } from "../rules/kernel/effects";
import { type Ruleset, registerRuleset } from "../rules/kernel/ruleset";
import type { RulesetSimulator } from "../sim/fight-runner";

export type { EffectKindDefinition, PoolDefinition };

/** The GM damage tool's rule for a ruleset's actors (src/apps/gm-damage/). */
export interface RulesetGmDamage {
  /** The effects of the request on one actor; null for an actor it cannot read (a module's type). */
  effects(actor: Actor.Implementation, request: GmDamageRequest): Effect[] | null | Promise<Effect[] | null>;
}

/**
 * The one object a ruleset registers: its pure core (the kernel `Ruleset`),
 * the documents it owns, its table, its cards, its statuses and the rest of
 * its Foundry side. A ruleset's own module (`src/rulesets/<id>/index.ts`)
 * calls `registerRulesetDefinition` on import and `src/rulesets/index.ts`
 * imports each one; every shared layer asks here instead of knowing a
 * ruleset. docs/rulesets.md is the guide.
 *
 * A world plays one ruleset (the "Combat rules" setting) but Foundry knows
 * every registered ruleset's documents: a document of another ruleset is
 * kept as it is, shown as belonging to it, and refused where it would be
 * used (src/rulesets/documents.ts).
 */

/** A class Foundry builds a document's `system` from (a TypeDataModel subclass). */
export type SystemModelClass = abstract new (...args: never[]) => object;

/** A sheet class (a DocumentSheetV2 subclass) and how the sheet configuration lists it. */
export interface RulesetSheet {
  readonly sheetClass: foundry.applications.api.DocumentSheetV2.AnyConstructor;
  /** Lang key of its name in the sheet configuration. */
  readonly labelKey: string;
  /** The sheet a document of the type opens with. */
  readonly makeDefault?: boolean;
}

/** One document subtype a ruleset owns. */
export interface RulesetDocumentType {
  readonly model: SystemModelClass;
  /** Lang key of the type's name (create dialogs, sheets). */
  readonly labelKey: string;
  readonly sheets?: readonly RulesetSheet[];
}

export interface RulesetActorType extends RulesetDocumentType {
  /**
   * Token bars and plain values a token may track (CONFIG.Actor.trackableAttributes);
   * the first two bars are a new actor's prototype token bars, shown to its owners.
   */
  readonly trackable?: { readonly bar: readonly string[]; readonly value: readonly string[] };
}

/**
 * The document subtypes a ruleset owns, by document and type name. Types of
 * a ruleset other than FANGS are prefixed with its id (`toyFighter`,
 * `lunosCharacter`), so two rulesets never claim one name; FANGS keeps the
 * names its worlds already store.
 */
export interface RulesetDocuments {
  readonly Actor: Readonly<Record<string, RulesetActorType>>;
  readonly Item: Readonly<Record<string, RulesetDocumentType>>;
  readonly ChatMessage: Readonly<Record<string, RulesetDocumentType>>;
  /**
   * Its combatants' state: the Combatant subtype a combatant gets when it
   * joins a combat in a world that plays this ruleset (FANGS: `base`, the
   * type every stored combatant already has). docs/rulesets.md says why a
   * subtype.
   */
  readonly combatant: { readonly type: string; readonly model: SystemModelClass };
}

export type RulesetDocumentName = "Actor" | "Item" | "ChatMessage" | "Combatant";

/** A token status the ruleset sets or lets the table set (CONFIG.statusEffects). */
export interface StatusDefinition {
  readonly id: string;
  /** Lang key; Foundry localises it where the status is shown. */
  readonly name: string;
  readonly img: string;
}

/** What the chat cards of a ruleset bring (card types are its ChatMessage documents). */
export interface RulesetCards {
  /** Runs a step of its cards on the active GM's client (src/chat/card-flows.ts). */
  readonly flow?: CardFlow;
  /** How each of its card types is drawn (src/chat/card-render.ts), by ChatMessage type. */
  readonly renderers?: Readonly<Record<string, CardRenderer>>;
  /**
   * How an attack starts in its worlds (src/apps/attack/attack-entry.ts): the
   * sheet's button, a hotbar macro, the Token HUD and the API call it.
   * Without one, an attack is refused with a notice naming the ruleset.
   */
  readonly attack?: RulesetAttack;
  /**
   * How its check results are labelled on the check card (round-level rolls:
   * src/chat/check-card.ts `postRulesetCheck`).
   */
  // biome-ignore lint/suspicious/noExplicitAny: each ruleset's result type is its own
  readonly check?: RulesetCheckLabels<any>;
  /**
   * Its own drops on the hotbar (FANGS: a sheet's check, a skill), asked
   * first in a world that plays it (src/chat/hotbar-drop.ts); an item it
   * attacks with (`attack.itemTypes`) makes an attack macro without it.
   */
  readonly hotbarDrop?: RulesetHotbarDrop;
}

/** A query a ruleset asks of the active GM (a v13 `CONFIG.queries` handler). */
export type RulesetQuery = (payload: unknown, options: { timeout?: number }) => Promise<unknown>;

/**
 * A ruleset's entry in the settings window: Foundry renders `type` when the
 * GM clicks the button (a launcher that loads the real window, so the
 * window stays in the ruleset's heavy part). Only the menu of the ruleset
 * the world plays is shown (src/apps/settings/ruleset-menu.ts).
 */
export interface RulesetMenu {
  /** The menu's key under the system's namespace (unique across rulesets). */
  readonly key: string;
  readonly name: string;
  readonly label: string;
  readonly hint?: string;
  readonly icon?: string;
  readonly type: new (...args: never[]) => object;
}

/** A ruleset's world options: its settings and the menu that edits them. */
export interface RulesetOptions {
  /**
   * Registers its settings (in `init`, whatever the world plays: a world that
   * switches back finds its values, and a document of this ruleset kept in
   * another's world still reads them).
   */
  registerSettings?(): void;
  /** Its options menu, shown only in a world that plays it. */
  readonly menu?: RulesetMenu;
}

/**
 * A ruleset's entry of CONFIG.FANGS (docs/api.md): display data a module
 * may change in its own `init` (labels, icons), never what the rules
 * decide. The system puts a mutable copy at `CONFIG.FANGS.<id>` in `init`
 * (src/config/fangs-config.ts); the ruleset reads it there, falling back to
 * its defaults.
 */
export interface RulesetConfigEntry {
  /** Its defaults: plain data, frozen. */
  readonly defaults: object;
  /**
   * Keys of the entry a module also reaches at the top of CONFIG.FANGS, the
   * same value under two names: FANGS's, which modules used before each
   * ruleset had its entry. A name already taken is refused at `init`.
   */
  readonly topLevel?: readonly string[];
}

/**
 * A family of lang keys a ruleset's code builds at run time
 * (`FANGS.Status.${id}`), which no scan of the sources can find written out.
 * A ruleset lists its families as `LANG_FAMILIES` in
 * `src/rulesets/<id>/lang-families.ts`; only test/lang.test.ts reads that
 * file (test/support/lang-check.ts says how a family is checked), so the
 * system never loads it.
 */
export interface LangFamily {
  /** The key with `{id}` where the id goes, under the ruleset's lang prefix. */
  readonly pattern: string;
  /** Where the ids come from (for the reader). */
  readonly source: string;
  /** The ids, as they appear in keys; absent for an open family. */
  readonly ids?: () => readonly string[];
  /** Every id must have its key. */
  readonly complete?: boolean;
}

/**
 * Its clause index (docs/rules/texts/): the file, and the first part of the
 * clause ids that are this ruleset's in it (an index may hold several
 * rulesets' clauses, as other-rulesets-clauses.md does).
 */
export interface RulesetClauseIndex {
  /** Repository path of the index. */
  readonly path: string;
  /** The id prefixes of its clauses: `["CORE", "NC"]` for FANGS, `["LUN"]` for Lunos. */
  readonly prefixes: readonly string[];
}

export interface RulesetDefinition {
  /** The world setting's value ("fangs", "lunos"…), lower-case letters and digits; the prefix of its types. */
  readonly id: string;
  /** Its pure core: phases and turn order (src/rules/<id>/); its `labelKey` names the ruleset. */
  readonly rules: Ruleset;
  /**
   * False while a ruleset cannot yet be played at the table (its round or
   * cards still to come): its documents, sheets, settings and statuses are
   * registered in every world as any ruleset's are, but the "Combat rules"
   * setting does not offer it, and a world whose setting names it anyway
   * plays FANGS, with the console warning of an id it does not know. A GM
   * is never offered half a ruleset. Absent: true.
   */
  readonly playable?: boolean;
  /** The first part of its lang keys ("FANGS" for FANGS). */
  readonly langPrefix: string;
  readonly documents: RulesetDocuments;
  /** The round and the tracker (src/combat/table-ruleset.ts); without one, FANGS runs the round. */
  readonly table?: AnyTableRuleset;
  readonly cards?: RulesetCards;
  /**
   * The pools effects may move on its actors (FANGS: stunPoints, hitPoints):
   * the card's Apply and Undo, the GM's damage tool and a stuck weapon's
   * damage read and write them through here.
   */
  readonly pools?: readonly PoolDefinition[];
  /**
   * What the GM's damage tool does to one of its actors (FANGS: its
   * adjustPools, the pool statuses by the thresholds); without it, each
   * pool moves by the points typed, healing never over the maximum.
   */
  readonly gmDamage?: RulesetGmDamage;
  /**
   * Its own effect kinds (src/rules/kernel/effect-kinds.ts), each with its
   * undo; ids of a ruleset other than FANGS are prefixed with its id. A
   * ruleset may give them in its heavy part instead (`RulesetEffects`,
   * registered as it loads), as FANGS does.
   */
  readonly effectKinds?: readonly EffectKindDefinition[];
  /**
   * What its kinds write on the table as documents of their own, with
   * their undo (src/effects/attached-effects.ts: FANGS's stuck weapon).
   */
  readonly effectAttachments?: readonly EffectAttachment[];
  /** The statuses a token shows in a world that plays it. */
  readonly statuses: readonly StatusDefinition[];
  /** CONFIG.Combat.initiative in a world that plays it. */
  readonly initiative?: { readonly formula: string; readonly decimals?: number };
  /** Its clause index, which test/meta/clause-coverage.test.ts holds its tests to. */
  readonly clauseIndex?: RulesetClauseIndex;
  /** Its world options and their menu in the settings window. */
  readonly options?: RulesetOptions;
  /** Its entry of CONFIG.FANGS, under its id. */
  readonly config?: RulesetConfigEntry;
  /**
   * Its fight simulator (loaded on demand: it is heavy), which the shared
   * odds runner, the CLI and Encounter odds run. Without one, Encounter odds
   * says the ruleset has no simulator.
   */
  readonly simulator?: { load(): Promise<RulesetSimulator> };
  /**
   * Imports its heavy part (card steps, planner, windows), the barrel beside
   * its folder: `() => import("../<id>-heavy")`, whose chunk is named after
   * it. `loadRuleset(id)` (src/on-demand.ts) calls it once, registers the
   * effect kinds the part gives (`RulesetEffects`) and hands the part to
   * every caller; the ruleset types it for its own callers in
   * `RulesetHeavyParts` (FANGS: src/rulesets/fangs/heavy.ts).
   */
  loadHeavy?(): Promise<unknown>;
  /**
   * The queries its parts ask of the active GM (FANGS: a player's attack,
   * `fangs.startAttack`), by name, registered in `init` for every
   * registered ruleset as its settings are (src/chat/index.ts). A name is
   * the system's (`fangs.`), then, for a ruleset other than FANGS, its id
   * (`fangs.toyChant`), so two rulesets never claim one.
   */
  readonly queries?: Readonly<Record<string, RulesetQuery>>;
  /**
   * Its scenario batches for the Quench test runner, loaded only where
   * that module is active (src/quench/register.ts lists every ruleset's).
   */
  quenchBatches?(): Promise<readonly RulesetQuenchBatch[]>;
  /**
   * The checks its actors roll outside a card (`actor.rollCheck(spec)`,
   * docs/api.md: what a sheet's button and a macro roll). Without it, a
   * check asked of one of its actors is refused with a notice naming the
   * ruleset.
   */
  // biome-ignore lint/suspicious/noExplicitAny: each ruleset's check is its own
  readonly rolls?: RulesetRolls<any>;
  /**
   * Its own start-up work, run in `init` whatever the world plays (a world
   * keeps the documents of the rulesets it does not play): hooks its sheets
   * need, templates to preload, its parts of `game.system.api`. Its sheets
   * themselves are registered from `documents`, its settings from `options`.
   */
  init?(): void;
  /**
   * How the effect applier reads and writes its parties beyond their pools
   * (src/effects/apply-effects.ts): its combatants' lost action, the
   * statuses its pools decide. Without it, an effect on a lost action is
   * skipped and an Undo sets statuses back as the application set them.
   */
  readonly party?: RulesetParty;
}

/** A ruleset's part of the effect applier, for its actors and combatants (`party` of its definition). */
export interface RulesetParty {
  /**
   * Its combatant's lost action (FANGS: its round record, read from the
   * GM's copy, written to both): what a kind sets as the subject's
   * `actionLost` (src/effects/effect-plan.ts `TableSubject`).
   */
  readonly lostAction?: {
    read(combatant: Combatant.Implementation): boolean;
    write(combatant: Combatant.Implementation, lost: boolean): Promise<void>;
  };
  /** The statuses its pools decide (FANGS: unconscious, comatose, dying, dead). */
  readonly poolStatuses?: RulesetPoolStatuses;
}

/**
 * Statuses that follow an actor's pools. An Undo moves the pools back by
 * their difference (another blow since may have moved them too), so these
 * statuses are not set back blindly: they follow the pools' move back as a
 * blow's would.
 */
export interface RulesetPoolStatuses {
  /** Their ids as effects name them (the applier maps them to the token's as any status: STATUS_ALIASES). */
  readonly statuses: readonly string[];
  /**
   * The statuses to set (active) or lift as the actor's pools (by name)
   * move from `before` to `after`; null when it cannot read the actor (a
   * module's type), whose statuses are then set back as recorded.
   */
  changes(
    actor: Actor.Implementation,
    before: Readonly<Record<string, number>>,
    after: Readonly<Record<string, number>>,
  ): readonly { readonly status: string; readonly active: boolean }[] | null;
}

const definitions = new Map<string, RulesetDefinition>();

const ID = /^[a-z][a-z0-9]*$/;

function fail(id: string, problem: string): never {
  throw new Error(`FANGS | the ruleset "${id}" cannot be registered: ${problem}`);
}

/** Every type a definition claims, as [document name, type]. */
function claims(definition: RulesetDefinition): [RulesetDocumentName, string][] {
  const { documents } = definition;
  return [
    ...Object.keys(documents.Actor).map((type): [RulesetDocumentName, string] => ["Actor", type]),
    ...Object.keys(documents.Item).map((type): [RulesetDocumentName, string] => ["Item", type]),
    ...Object.keys(documents.ChatMessage).map((type): [RulesetDocumentName, string] => ["ChatMessage", type]),
    ["Combatant", documents.combatant.type],
  ];
}

/** `toyFighter` for "toy": the id, then a capital. FANGS's worlds store its types unprefixed. */
function prefixed(id: string, type: string): boolean {
  return type.length > id.length && type.startsWith(id) && /[A-Z]/.test(type.charAt(id.length));
}

/**
 * Registers a ruleset: its definition and, unless it is not `playable`
 * yet, its kernel ruleset (the setting's choices). Throws, naming the ruleset and the type, when a type of a
 * ruleset other than FANGS is not prefixed with its id or is already owned
 * by another ruleset. Registering an id again replaces its definition.
 */
export function registerRulesetDefinition(definition: RulesetDefinition): void {
  const { id } = definition;
  if (!ID.test(id)) fail(id, "its id must be lower-case letters and digits, starting with a letter");
  if (definition.rules.id !== id) fail(id, `its kernel ruleset has the id "${definition.rules.id}"`);
  if (definition.table && definition.table.id !== id)
    fail(id, `its table has the id "${definition.table.id}"`);
  for (const [documentName, type] of claims(definition)) {
    if (id !== DEFAULT_RULESET && !prefixed(id, type))
      fail(
        id,
        `its ${documentName} type "${type}" must start with "${id}" and a capital (e.g. "${id}Fighter")`,
      );
    const owner = rulesetOwning(documentName, type);
    if (owner !== undefined && owner !== id)
      fail(id, `its ${documentName} type "${type}" belongs to the ruleset "${owner}"`);
  }
  for (const type of Object.keys(definition.cards?.renderers ?? {})) {
    if (!Object.hasOwn(definition.documents.ChatMessage, type))
      fail(id, `it draws the card type "${type}", which is not one of its ChatMessage types`);
  }
  registerRulesetEffects(id, definition);
  definitions.set(id, definition);
  // The kernel's list is the setting's choices and what a world may play (src/config/ruleset-setting.ts).
  if (definition.playable !== false) registerRuleset(definition.rules);
}

/** Where a ruleset gives its effect kinds: its definition, or its heavy part (`loadHeavy`). */
export interface RulesetEffects {
  readonly effectKinds?: readonly EffectKindDefinition[];
  readonly effectAttachments?: readonly EffectAttachment[];
}

/**
 * Registers a ruleset's effect kinds and what they attach, each with its
 * undo. A definition's at start-up; a heavy part's as it loads (Apply and
 * Undo run only in a heavy part, so its kinds are there before either:
 * FANGS gives its kinds this way and keeps them out of the start-up set).
 */
export function registerRulesetEffects(id: string, effects: RulesetEffects): void {
  for (const kind of effects.effectKinds ?? []) {
    if (id !== DEFAULT_RULESET && !prefixed(id, kind.id))
      fail(id, `its effect kind "${kind.id}" must start with "${id}" and a capital`);
  }
  for (const kind of effects.effectKinds ?? []) registerEffectKind(kind);
  for (const attachment of effects.effectAttachments ?? []) registerEffectAttachment(attachment);
}

/**
 * The pools of an actor's type: those of the ruleset that owns the type,
 * else the world's ruleset's (an actor type a module adds).
 */
export function poolsForActorType(type: string): readonly PoolDefinition[] {
  const owner = rulesetOwning("Actor", type);
  const definition = (owner !== undefined ? definitions.get(owner) : undefined) ?? activeRulesetDefinition();
  return definition.pools ?? [];
}

/** The name of every registered pool, whichever ruleset registered it. */
export function registeredPoolNames(): ReadonlySet<string> {
  const names = new Set<string>();
  for (const definition of definitions.values())
    for (const pool of definition.pools ?? []) names.add(pool.name);
  return names;
}

/** The lowest value of every registered pool that has one, by name (the kernel applier's `poolMin`). */
export function registeredPoolMinimums(): Readonly<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const definition of definitions.values())
    for (const pool of definition.pools ?? []) if (pool.min !== undefined) out[pool.name] = pool.min;
  return out;
}

export function getRulesetDefinition(id: string): RulesetDefinition | undefined {
  return definitions.get(id);
}

/** Every registered ruleset, in registration order (FANGS first: src/rulesets/index.ts). */
export function listRulesetDefinitions(): RulesetDefinition[] {
  return [...definitions.values()];
}

const warned = new Set<string>();

/**
 * The ruleset the world plays (the "Combat rules" setting). An id this
 * version does not have, or one registered without a definition, plays
 * FANGS, with one console warning.
 */
export function activeRulesetDefinition(): RulesetDefinition {
  const id = activeRulesetId();
  const definition = definitions.get(id);
  if (definition) return definition;
  if (!warned.has(id)) {
    warned.add(id);
    console.warn(`FANGS | the ruleset "${id}" is registered without its documents and table; playing FANGS`);
  }
  const fallback = definitions.get(DEFAULT_RULESET);
  if (!fallback) throw new Error("FANGS | the FANGS ruleset is not registered (import src/rulesets first)");
  return fallback;
}

/** The id of the ruleset that owns a document type, or undefined (a core type, or one no ruleset claims). */
export function rulesetOwning(documentName: RulesetDocumentName, type: string): string | undefined {
  for (const definition of definitions.values()) {
    if (claims(definition).some(([name, claimed]) => name === documentName && claimed === type))
      return definition.id;
  }
  return undefined;
}

/** The types of one document a ruleset owns, in its order. */
export function rulesetTypes(definition: RulesetDefinition, documentName: RulesetDocumentName): string[] {
  return claims(definition)
    .filter(([name]) => name === documentName)
    .map(([, type]) => type);
}

/** What `actor.rollCheck(spec)` asks of the actor's ruleset (its definition's `rolls`). */
export interface RulesetRolls<Check> {
  /** One of its checks read from untyped data (a macro's, an API call's); null when it names none. */
  readCheck(data: unknown): Check | null;
  /** Rolls it for the actor as the sheet's button does and posts its card; a failure is told, not thrown. */
  rollCheck(actor: Actor.Implementation, check: Check): Promise<void>;
}
