// Every ruleset registers itself on import; Foundry must know all their documents, whichever the world plays.
import "../rulesets";
import { FangsActor } from "../documents/actor";
import { FangsCombat } from "../documents/combat";
import { FangsCombatant } from "../documents/combatant";
import { FangsItem } from "../documents/item";
import { renderRulesetNotice } from "../rulesets/documents";
import {
  activeRulesetDefinition,
  listRulesetDefinitions,
  type RulesetDocumentType,
  type SystemModelClass,
} from "../rulesets/registry";
import { defaultFangsConfig, fangsConfig } from "./fangs-config";
import { SYSTEM_ID } from "./system";

/**
 * What the entry file registers in `init` and `setup`, gathered here so
 * the test stand-in and the pack validation configure Foundry exactly as
 * the game does. Everything a ruleset owns comes from the registry
 * (src/rulesets/registry.ts): every registered ruleset's data models, type
 * labels, token bars and sheets, since a world keeps the documents of the
 * rulesets it does not play; the world's own ruleset's statuses and
 * initiative.
 */

type TypedDocuments = "Actor" | "Item" | "ChatMessage";

/** Every registered ruleset's entries of one document, by type. */
function registeredTypes(documentName: TypedDocuments): [string, RulesetDocumentType][] {
  return listRulesetDefinitions().flatMap((definition) => Object.entries(definition.documents[documentName]));
}

function modelsOf(documentName: TypedDocuments): Record<string, SystemModelClass> {
  return Object.fromEntries(registeredTypes(documentName).map(([type, entry]) => [type, entry.model]));
}

function labelsOf(documentName: TypedDocuments): Record<string, string> {
  return Object.fromEntries(registeredTypes(documentName).map(([type, entry]) => [type, entry.labelKey]));
}

export function configureDocuments(): void {
  CONFIG.Actor.documentClass = FangsActor;
  CONFIG.Item.documentClass = FangsItem;
  CONFIG.Combat.documentClass = FangsCombat;
  CONFIG.Combatant.documentClass = FangsCombatant;
  Object.assign(CONFIG.Actor.dataModels, modelsOf("Actor"));
  Object.assign(CONFIG.Item.dataModels, modelsOf("Item"));
  Object.assign(CONFIG.ChatMessage.dataModels, modelsOf("ChatMessage"));
  Object.assign(
    CONFIG.Combatant.dataModels,
    Object.fromEntries(
      listRulesetDefinitions().map(({ documents: { combatant } }) => [combatant.type, combatant.model]),
    ),
  );
  const trackable: Record<string, { bar: string[]; value: string[] }> = {};
  for (const definition of listRulesetDefinitions()) {
    for (const [type, entry] of Object.entries(definition.documents.Actor)) {
      if (entry.trackable)
        trackable[type] = { bar: [...entry.trackable.bar], value: [...entry.trackable.value] };
    }
  }
  CONFIG.Actor.trackableAttributes = trackable;
}

/**
 * Every ruleset's sheets for its own types (call in `init`), and the notice
 * a sheet shows when its document belongs to a ruleset the world does not
 * play.
 */
export function registerRulesetSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  for (const definition of listRulesetDefinitions()) {
    for (const [documentClass, documentName] of [
      [Actor, "Actor"],
      [Item, "Item"],
    ] as const) {
      for (const [type, entry] of Object.entries(definition.documents[documentName])) {
        for (const sheet of entry.sheets ?? []) {
          DocumentSheetConfig.registerSheet(documentClass, SYSTEM_ID, sheet.sheetClass, {
            types: [type],
            makeDefault: sheet.makeDefault ?? false,
            label: sheet.labelKey,
          });
        }
      }
    }
  }
  Hooks.on("renderDocumentSheetV2", (application, element) => renderRulesetNotice(application, element));
}

/**
 * Called at `setup`, once modules have extended CONFIG.FANGS in their `init`.
 * The world's ruleset's statuses join Foundry's, first (they are what the
 * rules set and clear), each in place of a core status with the same id
 * ("dead", "unconscious"). Core's others stay: CONFIG.specialStatusEffects
 * points at some of them (invisible, blind), and Foundry's vision and the
 * tracker's defeated toggle look them up there.
 */
export function configureStatusEffects(): void {
  const statuses = activeRulesetDefinition().statuses;
  const ours = new Set<string>(statuses.map((status) => status.id));
  const core = CONFIG.statusEffects.filter((status) => !ours.has(status.id));
  CONFIG.statusEffects = [...statuses.map((status) => ({ ...status })), ...core];
}

/**
 * Every ruleset's type labels; the actor and item ones as CONFIG.FANGS has
 * them once modules had their `init` (a module may relabel any type).
 */
export function configureTypeLabels(): void {
  const config = fangsConfig() ?? defaultFangsConfig();
  CONFIG.Actor.typeLabels = { ...CONFIG.Actor.typeLabels, ...labelsOf("Actor"), ...config.actorTypes };
  CONFIG.Item.typeLabels = { ...CONFIG.Item.typeLabels, ...labelsOf("Item"), ...config.itemTypes };
  CONFIG.ChatMessage.typeLabels = { ...CONFIG.ChatMessage.typeLabels, ...labelsOf("ChatMessage") };
}

/** The world's ruleset's initiative formula (call at `setup`, when the world's settings are read). */
export function configureInitiative(): void {
  const initiative = activeRulesetDefinition().initiative;
  if (!initiative) return;
  CONFIG.Combat.initiative = {
    ...CONFIG.Combat.initiative,
    formula: initiative.formula,
    ...(initiative.decimals === undefined ? {} : { decimals: initiative.decimals }),
  };
}
