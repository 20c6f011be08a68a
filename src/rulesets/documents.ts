import { localize } from "../config/localize";
import {
  activeRulesetDefinition,
  getRulesetDefinition,
  type RulesetDocumentName,
  rulesetOwning,
  rulesetTypes,
} from "./registry";

/**
 * What the shared documents ask about rulesets: which ruleset a document
 * belongs to, what a create dialog offers, a new actor's token bars, and
 * the refusal of a document of another ruleset where it would be used
 * (a combatant, an attack, an item given to an actor, a card step). Such a
 * document is never changed: it stays in the world, its sheet says whose
 * it is, and it works again once the world plays its ruleset.
 */

interface TypedDocument {
  readonly documentName?: string;
  readonly type?: string;
  readonly name?: string | null;
}

const DOCUMENT_NAMES: readonly RulesetDocumentName[] = ["Actor", "Item", "ChatMessage", "Combatant"];

function isRulesetDocumentName(name: unknown): name is RulesetDocumentName {
  return DOCUMENT_NAMES.includes(name as RulesetDocumentName);
}

/** The id of the ruleset a document's type belongs to; undefined for a type no ruleset claims. */
export function documentRuleset(document: TypedDocument | null | undefined): string | undefined {
  const name = document?.documentName;
  if (!isRulesetDocumentName(name) || typeof document?.type !== "string") return undefined;
  return rulesetOwning(name, document.type);
}

/** A ruleset's name in the user's language (its id when it is not installed). */
export function rulesetLabel(id: string): string {
  const definition = getRulesetDefinition(id);
  return definition ? localize(definition.rules.labelKey) : id;
}

export interface OtherRuleset {
  /** The ruleset the document belongs to, and the world's. */
  readonly ruleset: string;
  readonly active: string;
}

/** When a document belongs to a ruleset other than the world's: both ids; otherwise null. */
export function otherRuleset(document: TypedDocument | null | undefined): OtherRuleset | null {
  const ruleset = documentRuleset(document);
  const active = activeRulesetDefinition().id;
  return ruleset === undefined || ruleset === active ? null : { ruleset, active };
}

/** The data a refusal names: the document and both rulesets, in the user's words. */
export function otherRulesetData(document: TypedDocument, other: OtherRuleset): Record<string, string> {
  return {
    name: document.name ?? "",
    ruleset: rulesetLabel(other.ruleset),
    active: rulesetLabel(other.active),
  };
}

/**
 * Warns that a document of another ruleset cannot be used here and answers
 * false; answers true when it belongs to the world's ruleset (or to none).
 */
export function usableHere(document: TypedDocument | null | undefined, refusalKey: string): boolean {
  const other = otherRuleset(document);
  if (!other || !document) return true;
  ui.notifications?.warn(localize(refusalKey, otherRulesetData(document, other)));
  return false;
}

/**
 * The types a create dialog offers: the world's ruleset's, narrowed to
 * those asked for. Documents of other rulesets are kept, but not made anew.
 */
export function creatableTypes(documentName: RulesetDocumentName, requested?: readonly string[]): string[] {
  const own = rulesetTypes(activeRulesetDefinition(), documentName);
  return requested ? own.filter((type) => requested.includes(type)) : own;
}

/** A create dialog asked only for types of other rulesets: nothing to offer, said once (resolves null as a closed dialog). */
export async function nothingToCreate(): Promise<null> {
  ui.notifications?.warn(
    localize("FANGS.Ruleset.Refusal.Create", { active: rulesetLabel(activeRulesetDefinition().id) }),
  );
  return null;
}

/**
 * The body of FangsActor's and FangsItem's `createDialog`: Foundry's own
 * dialog (`create`, the caller's super method), offering only the world's
 * ruleset's types; whatever else Foundry passes (its render options) goes
 * on unchanged.
 */
export async function createDialogOfRuleset(
  documentName: "Actor" | "Item",
  create: (...args: unknown[]) => Promise<unknown>,
  documentClass: unknown,
  [data, createOptions, dialogOptions, ...rest]: readonly unknown[],
): Promise<unknown> {
  const asked = (dialogOptions as { types?: string[] } | undefined)?.types;
  const types = creatableTypes(documentName, asked);
  if (types.length === 0) return nothingToCreate();
  const options = { ...(dialogOptions as Record<string, unknown> | undefined), types };
  return create.call(documentClass, data, createOptions, options, ...rest);
}

/** The Combatant subtype a new combatant gets in this world. */
export function combatantType(): string {
  return activeRulesetDefinition().documents.combatant.type;
}

/** CONST.TOKEN_DISPLAY_MODES.OWNER: always shown to the token's owners (and the GM), as the packs' tokens. */
const BARS_SHOWN_TO_OWNERS = 40;

/**
 * The prototype token a new actor of this type gets: its ruleset's first
 * two bars, shown to its owners. Only what the creation data leaves out:
 * an actor imported from a compendium keeps its token as stored.
 */
export function newActorToken(type: string, data: unknown): Record<string, unknown> | null {
  const owner = rulesetOwning("Actor", type);
  const bars =
    owner === undefined ? [] : (getRulesetDefinition(owner)?.documents.Actor[type]?.trackable?.bar ?? []);
  if (bars.length === 0) return null;
  const given = ((data as { prototypeToken?: unknown } | null)?.prototypeToken ?? {}) as Record<
    string,
    unknown
  >;
  const token: Record<string, unknown> = {};
  if (given.displayBars === undefined) token.displayBars = BARS_SHOWN_TO_OWNERS;
  (["bar1", "bar2"] as const).forEach((bar, index) => {
    const attribute = bars[index];
    const set = (given[bar] as { attribute?: unknown } | undefined)?.attribute;
    if (attribute !== undefined && set === undefined) token[bar] = { attribute };
  });
  return Object.keys(token).length > 0 ? token : null;
}

/**
 * The notice a sheet shows above its content when its document belongs to
 * another ruleset (the `renderDocumentSheetV2` hook, every document sheet).
 */
export function renderRulesetNotice(
  application: { readonly document?: TypedDocument | null },
  element: {
    querySelector(selector: string): { insertAdjacentHTML(where: string, html: string): void } | null;
  },
): void {
  const document = application.document;
  const other = otherRuleset(document);
  if (!other || !document) return;
  const text = foundry.utils.escapeHTML(localize("FANGS.Ruleset.Belongs", otherRulesetData(document, other)));
  const content = element.querySelector(".window-content") ?? element.querySelector("form");
  content?.insertAdjacentHTML(
    "afterbegin",
    `<p class="fangs-other-ruleset notification warning" data-ruleset="${foundry.utils.escapeHTML(other.ruleset)}">${text}</p>`,
  );
}
