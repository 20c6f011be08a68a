/**
 * The pages of the static preview, built from data: every sample actor of
 * the packs, one item of each item type, and check cards from scripted
 * dice. A new sheet part, item type or sample plugs in without touching the
 * renderer; a new kind of page is one more source in PAGE_SOURCES.
 */

import { readFileSync } from "node:fs";
import { CHECK_CARD_TEMPLATE } from "../../src/chat/check-card";
import { STATUS_EFFECTS } from "../../src/config/statuses";
import { characteristicCheck, resolveCheck } from "../../src/rules/fangs/check";
import { getManeuver, movePaces } from "../../src/rules/fangs/maneuvers";
import { ScriptedDice } from "../../src/rules/kernel/dice";
import {
  ACTOR_TAB_IDS,
  actorSheetContext,
  gmSkills,
  ITEM_TAB_IDS,
  itemSheetContext,
  type SheetCombatFacts,
} from "../../src/rulesets/fangs/apps/sheets/context";
import type { ActorData, ItemData, ItemType } from "../../src/rulesets/fangs/apps/sheets/context-types";
import { ACTOR_PARTS, itemParts, STAT_BLOCK_PARTS } from "../../src/rulesets/fangs/apps/sheets/parts";
import { checkCardContext } from "../../src/rulesets/fangs/chat/check-card";
import { loadPacks, type SourceDocument } from "../build/pack-sources";
import { prepareActor } from "../handlebars/fixtures/prepare";
import { trackerPreviewPages } from "./fixtures/combat-tracker";
import { encounterOddsPreviewPages } from "./fixtures/encounter-odds";
import { exchangePreviewPages } from "./fixtures/exchange-card";
import { gmDamagePreviewPages } from "./fixtures/gm-damage";
import { lunosPreviewPages } from "./fixtures/lunos";
import { lunosCardPreviewPages } from "./fixtures/lunos-card";
import { lunosTrackerPreviewPages } from "./fixtures/lunos-tracker";
import { rulesetOptionsPreviewPages, rulesMenuPreviewPages } from "./fixtures/settings";
import { sharenePreviewPages } from "./fixtures/sharene";
import { shareneCardPreviewPages } from "./fixtures/sharene-card";

/** Where the page sits: an application window, a chat message, or the Token HUD's right column. */
export type PreviewFrame = "sheet" | "chat" | "hud";

/** A part drawn from a template, or (what Foundry's hooks add without one) by the system's own markup function. */
export type PreviewPart =
  | {
      id: string;
      /** The template path as Foundry serves it (systems/fangs/templates/…). */
      template: string;
    }
  | { id: string; html: (context: Record<string, unknown>) => string };

export interface PreviewPage {
  /** File name without extension: build/preview/<id>.html and .png. */
  id: string;
  title: string;
  group: string;
  frame: PreviewFrame;
  /** Classes of the application element, as Foundry sets them for this sheet. */
  classes: string[];
  /** Foundry's interface theme the page mimics; light when not given. */
  theme?: "light" | "dark";
  /** Window width in pixels (the sheet's default position). */
  width: number;
  parts: PreviewPart[];
  context: () => object;
  /** Selectors that must be present and visible once the page is rendered. */
  expect: string[];
}

const packs = loadPacks();
const packDocs = (name: string): SourceDocument[] => [
  ...(packs.find((p) => p.pack.name === name)?.documents.values() ?? []),
];
const slugOf = (file: string) => file.replace(/\.json$/, "");

function itemData(doc: SourceDocument): ItemData {
  return {
    id: doc._id,
    name: doc.name,
    img: doc.img,
    type: doc.type,
    sort: doc.sort,
    system: doc.system,
  } as unknown as ItemData;
}

/** The actor as a sheet sees it after Foundry prepared it: derived values come from the rules core. */
function actorData(doc: SourceDocument): ActorData {
  return prepareActor({
    id: doc._id,
    name: doc.name,
    img: doc.img,
    type: doc.type as ActorData["type"],
    system: doc.system as unknown as ActorData["system"],
    items: (doc.items ?? []).map(itemData),
  });
}

const partsOf = (parts: Readonly<Record<string, { template: string }>>): PreviewPart[] =>
  Object.entries(parts).map(([id, part]) => ({ id, template: part.template }));

/* -------------------------------------------- */
/*  Actor sheets                                */
/* -------------------------------------------- */

/** Tabs shown beyond the main one: every tab of Gru, and where another sample shows something Gru lacks. */
const MORE_TABS: Readonly<Record<string, readonly string[]>> = {
  gru: ACTOR_TAB_IDS.filter((tab) => tab !== "main"),
  "dagmar-the-deadly": ["features"],
  "cave-bear": ["combat"],
};

/** English names of the FANGS statuses, as Foundry would localise them for the sheet. */
const STATUS_NAMES: Readonly<Record<string, string>> = JSON.parse(
  readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8"),
);

/**
 * What Foundry adds around Gru's data for his Effects tab: the world's
 * statuses (Stunned on him), an effect of his own with a duration, one
 * his armor transfers, and one switched off.
 */
function withEffects(data: ActorData): ActorData {
  const armor = data.items.find((i) => i.type === "armor");
  return {
    ...data,
    effects: [
      {
        id: "fx1",
        name: "Stunned",
        img: STATUS_EFFECTS[0]?.img,
        disabled: false,
        temporary: true,
        duration: "1 Round",
        item: null,
      },
      {
        id: "fx2",
        name: "Blessed by the shrine",
        disabled: false,
        temporary: true,
        duration: "3 Rounds",
        item: null,
      },
      ...(armor
        ? [
            {
              id: "fx3",
              name: "Well fitted",
              disabled: false,
              temporary: false,
              item: { id: armor.id, name: armor.name },
            },
          ]
        : []),
      { id: "fx4", name: "Old wound", disabled: true, temporary: false, item: null },
    ],
    statuses: STATUS_EFFECTS.map((status) => ({
      id: status.id,
      name: STATUS_NAMES[status.name] ?? status.id,
      img: status.img,
      active: status.id === "stunned",
    })),
  };
}

function actorPages(): PreviewPage[] {
  const pages: PreviewPage[] = [];
  for (const pack of ["characters", "creatures"]) {
    for (const [file, doc] of packs.find((p) => p.pack.name === pack)?.documents ?? []) {
      const slug = slugOf(file);
      const data = slug === "gru" ? withEffects(actorData(doc)) : actorData(doc);
      const tabs = ["main", ...(MORE_TABS[slug] ?? [])];
      for (const tab of tabs) {
        const id = tab === "main" ? `actor-${slug}` : `actor-${slug}--${tab}`;
        pages.push({
          id,
          title: `${doc.name} (${tab})`,
          group: pack === "characters" ? "Character sheets" : "Creature sheets",
          frame: "sheet",
          classes: ["fangs", "sheet", "actor", data.type],
          width: 780,
          parts: partsOf(ACTOR_PARTS),
          context: () =>
            actorSheetContext(data, {
              editable: true,
              idPrefix: id,
              activeTab: tab,
              enrichedHtml: data.system.biography,
            }),
          expect: [
            '[data-application-part="header"] input[name="name"]',
            '[data-application-part="tabs"] [role="tab"]',
            `section.tab.active[data-tab="${tab}"]`,
          ],
        });
      }
    }
  }
  pages.push(...statBlockPages());
  const gru = packDocs("characters").find((d) => d.name === "Gru");
  if (gru) {
    const data = actorData(gru);
    pages.push({
      id: "actor-gru--read-only",
      title: "Gru (as another player sees him)",
      group: "Character sheets",
      frame: "sheet",
      classes: ["fangs", "sheet", "actor", "character"],
      width: 780,
      parts: partsOf(ACTOR_PARTS),
      context: () =>
        actorSheetContext(data, {
          editable: false,
          idPrefix: "actor-gru--read-only",
          activeTab: "biography",
          enrichedHtml: data.system.biography,
        }),
      expect: ['section.tab.active[data-tab="biography"]', 'input[name="name"][disabled]'],
    });
    pages.push({
      id: "actor-gru--play",
      title: "Gru, sheet locked for play",
      group: "Character sheets",
      frame: "sheet",
      classes: ["fangs", "sheet", "actor", "character"],
      width: 780,
      parts: partsOf(ACTOR_PARTS),
      context: () => actorSheetContext(data, { editable: true, mode: "play", idPrefix: "actor-gru--play" }),
      expect: ['input[name="system.characteristics.st"][disabled]', '[data-action="toggleMode"]'],
    });
    pages.push(...gruInCombatPages(data));
  }
  return pages;
}

/**
 * The creatures' default sheet, the compact stat block: every sample creature
 * as the GM runs it (play mode, Stunned on the troll), and the cave bear
 * unlocked for editing.
 */
function statBlockPages(): PreviewPage[] {
  const page = (slug: string, doc: SourceDocument, mode: "play" | "edit", data: ActorData): PreviewPage => {
    const id = mode === "play" ? `actor-${slug}--stat-block` : `actor-${slug}--stat-block-edit`;
    return {
      id,
      title: `${doc.name}, stat block${mode === "edit" ? " (unlocked)" : ""}`,
      group: "Creature sheets",
      frame: "sheet",
      classes: ["fangs", "sheet", "actor", "creature", "stat-block"],
      width: 540,
      parts: partsOf(STAT_BLOCK_PARTS),
      context: () =>
        actorSheetContext(data, { editable: true, mode, idPrefix: id, enrichedHtml: data.system.biography }),
      expect: [".fangs-statline", '[data-section="stat-attacks"] .fangs-attack', ".fangs-pool--hitPoints"],
    };
  };
  const creatures = [...(packs.find((p) => p.pack.name === "creatures")?.documents ?? [])];
  return creatures.flatMap(([file, doc]) => {
    const slug = slugOf(file);
    const data = slug === "troll" ? withStatus(actorData(doc), "stunned") : actorData(doc);
    return [page(slug, doc, "play", data), ...(slug === "cave-bear" ? [page(slug, doc, "edit", data)] : [])];
  });
}

/** The world's statuses around an actor, one of them on it (as Foundry's token HUD would set it). */
function withStatus(data: ActorData, active: string): ActorData {
  return {
    ...data,
    statuses: STATUS_EFFECTS.map((status) => ({
      id: status.id,
      name: STATUS_NAMES[status.name] ?? status.id,
      img: status.img,
      active: status.id === active,
    })),
  };
}

/**
 * Gru in a fight: his declared maneuver and its movement in the header (the
 * figures from the rules core, as the tracker reads them), and a sword worn
 * below half its SP, whose Attack button is disabled with the reason.
 */
function gruInCombatPages(gru: ActorData): PreviewPage[] {
  const mv = gru.system.attributes?.movement ?? 0;
  const maneuver = "attack" as const;
  const combat: SheetCombatFacts = {
    round: 2,
    maneuver,
    movement: { fraction: getManeuver(maneuver).move, paces: movePaces(maneuver, mv) },
    declareRefusal: null,
  };
  const worn = prepareActor({
    ...gru,
    items: gru.items.map((item) =>
      item.type === "weapon" && item.name === "Broadsword"
        ? { ...item, system: { ...item.system, itemSp: { ...item.system.itemSp, value: 4 } } }
        : item,
    ),
  });
  const page = (id: string, title: string, data: ActorData, tab: string, facts: SheetCombatFacts | null) => ({
    id,
    title,
    group: "Character sheets",
    frame: "sheet" as const,
    classes: ["fangs", "sheet", "actor", "character"],
    width: 780,
    parts: partsOf(ACTOR_PARTS),
    context: () => actorSheetContext(data, { editable: true, idPrefix: id, activeTab: tab, combat: facts }),
    expect: [`section.tab.active[data-tab="${tab}"]`, ".fangs-attack"],
  });
  return [
    {
      ...page("actor-gru--in-combat", "Gru in combat, Attack declared", gru, "combat", combat),
      expect: ['[data-section="combat-panel"] select', ".fangs-combat-panel__move", ".fangs-attack"],
    },
    {
      ...page("actor-gru--declare-closed", "Gru in combat, too late to declare", gru, "main", {
        ...combat,
        maneuver: null,
        movement: null,
        declareRefusal: "FANGS.Combat.Refusal.DeclareClosed",
      }),
      expect: ['[data-section="combat-panel"] select[disabled]', ".fangs-combat-panel__refusal"],
    },
    {
      ...page("actor-gru--worn-weapon", "Gru's Broadsword below half its SP", worn, "combat", null),
      expect: [".fangs-attack[disabled]", ".fangs-attack-blocked__reason"],
    },
  ];
}

/* -------------------------------------------- */
/*  Item sheets                                 */
/* -------------------------------------------- */

/** One well-filled item of each type. */
const ITEM_SAMPLES: Record<ItemType, [pack: string, file: string]> = {
  weapon: ["weapons", "broadsword.json"],
  shield: ["shields", "round-shield.json"],
  armor: ["armor", "mail.json"],
  skill: ["skills", "broadsword.json"],
  advantage: ["advantages", "two-weapon.json"],
  maneuver: ["maneuvers", "attack.json"],
};

/**
 * The skills a GM has in the preview's world: none of its own, the skills
 * compendium's (as its index gives them), for the picker of an unowned
 * weapon or shield.
 */
function previewGmSkills() {
  const pack = packDocs("skills").map((doc) => ({
    key: String((doc.system as { key?: unknown }).key ?? ""),
    name: doc.name,
  }));
  return gmSkills([], pack);
}

function itemPages(): PreviewPage[] {
  const pages: PreviewPage[] = [];
  const skills = previewGmSkills();
  for (const [type, [pack, file]] of Object.entries(ITEM_SAMPLES) as [ItemType, [string, string]][]) {
    const doc = packs.find((p) => p.pack.name === pack)?.documents.get(file);
    if (!doc) continue;
    const data = itemData(doc);
    const tabs = type === "weapon" ? ITEM_TAB_IDS : (["details"] as const);
    for (const tab of tabs) {
      const id = tab === "details" ? `item-${type}` : `item-${type}--${tab}`;
      pages.push({
        id,
        title: `${doc.name} (${type}, ${tab})`,
        group: "Item sheets",
        frame: "sheet",
        classes: ["fangs", "sheet", "item", type],
        width: 520,
        parts: partsOf(itemParts(type)),
        context: () =>
          itemSheetContext(data, {
            editable: true,
            idPrefix: id,
            activeTab: tab,
            enrichedHtml: (data.system as { description: string }).description,
            gmSkills: type === "weapon" || type === "shield" ? skills : undefined,
          }),
        expect: [
          '[data-application-part="header"] input[name="name"]',
          `section.tab.active[data-tab="${tab}"]`,
        ],
      });
    }
  }
  // A world weapon whose key no skill has (typed by hand): "Other…" is chosen and the key shows.
  const worldSword = packDocs("weapons").find((d) => d.name === "Broadsword");
  if (worldSword) {
    const data = itemData({
      ...worldSword,
      name: "Boar Spear",
      system: { ...worldSword.system, skill: "boarSpear" },
    });
    pages.push({
      id: "item-weapon--other-skill",
      title: "A world weapon with a skill key of its own",
      group: "Item sheets",
      frame: "sheet",
      classes: ["fangs", "sheet", "item", "weapon"],
      width: 520,
      parts: partsOf(itemParts("weapon")),
      context: () =>
        itemSheetContext(data, {
          editable: true,
          idPrefix: "item-weapon--other-skill",
          activeTab: "details",
          gmSkills: skills,
        }),
      expect: ["select[data-skill-picker]", 'input[name="system.skill"]'],
    });
  }
  // An owned weapon: the skill picker lists the owner's skills.
  const gru = packDocs("characters").find((d) => d.name === "Gru");
  const sword = gru?.items?.find((i) => i.type === "weapon" && i.name === "Broadsword");
  if (gru && sword) {
    const owner = actorData(gru);
    const data = itemData(sword);
    pages.push({
      id: "item-weapon--owned",
      title: "Gru's Broadsword (owned weapon)",
      group: "Item sheets",
      frame: "sheet",
      classes: ["fangs", "sheet", "item", "weapon"],
      width: 520,
      parts: partsOf(itemParts("weapon")),
      context: () =>
        itemSheetContext(data, {
          editable: true,
          idPrefix: "item-weapon--owned",
          activeTab: "details",
          actorSkills: owner.items.flatMap((i) =>
            i.type === "skill" ? [{ key: i.system.key, name: i.name }] : [],
          ),
          actorCharacteristics: owner.system.characteristics,
        }),
      expect: ['section.tab.active[data-tab="details"]'],
    });
  }
  return pages;
}

/* -------------------------------------------- */
/*  Chat cards                                  */
/* -------------------------------------------- */

function checkPage(id: string, title: string, context: () => object): PreviewPage {
  return {
    id,
    title,
    group: "Chat cards",
    frame: "chat",
    classes: ["fangs"],
    width: 300,
    parts: [{ id: "card", template: CHECK_CARD_TEMPLATE }],
    context,
    expect: [".fangs-card", ".fangs-card__result"],
  };
}

function chatPages(): PreviewPage[] {
  const broadsword = 15;
  const card =
    (dice: number[], label = "Broadsword") =>
    () => ({
      ...checkCardContext(resolveCheck({ skill: broadsword, modifiers: 0 }, new ScriptedDice(dice)), {
        actorName: "Gru",
        label,
      }),
    });
  return [
    checkPage("chat-check-success", "Check: success", card([9])),
    checkPage("chat-check-failure", "Check: failure", card([3])),
    checkPage("chat-check-special", "Check: Special, not confirmed as Critical", card([19, 2])),
    checkPage("chat-check-critical", "Check: Special confirmed as Critical", card([19, 8])),
    checkPage("chat-check-fumble", "Check: fumble confirmed", card([1, 2])),
    checkPage("chat-check-characteristic", "Check: ST×2 with a modifier", () => ({
      ...checkCardContext(
        characteristicCheck({ value: 14, multiplier: 2, modifiers: -2 }, new ScriptedDice([4])),
        {
          actorName: "Gru",
          label: "FANGS.Actor.Characteristic.St.Name",
          localizeLabel: true,
          multiplier: 2,
        },
      ),
    })),
  ];
}

/** Each source is one kind of page; the tracker's comes from its own module (test/preview/fixtures/combat-tracker.ts). */
export const PAGE_SOURCES: readonly (() => PreviewPage[])[] = [
  actorPages,
  itemPages,
  chatPages,
  trackerPreviewPages,
  rulesMenuPreviewPages,
  rulesetOptionsPreviewPages,
  exchangePreviewPages,
  () => encounterOddsPreviewPages([...packDocs("characters"), ...packDocs("creatures")]),
  gmDamagePreviewPages,
  sharenePreviewPages,
  shareneCardPreviewPages,
  lunosPreviewPages,
  lunosTrackerPreviewPages,
  lunosCardPreviewPages,
];

/** Pages shown once more in Foundry's dark interface theme. */
const DARK_VARIANTS = new Set([
  "actor-gru",
  "actor-gru--combat",
  "actor-gru--in-combat",
  "actor-troll--stat-block",
  "item-weapon",
  "chat-check-critical",
  "chat-check-fumble",
  "sharene-actor-brisk--wounded",
  "sharene-item-style",
  "lunos-actor-oren--dying",
  "lunos-actor-mara--choked",
  "lunos-item-weapon--heavy",
  "lunos-app-encounter-odds",
  "lunos-card-spend",
  "lunos-card-applied--gm",
]);

export function previewPages(): PreviewPage[] {
  const light = PAGE_SOURCES.flatMap((source) => source());
  const dark = light
    .filter((page) => DARK_VARIANTS.has(page.id))
    .map((page) => ({
      ...page,
      id: `${page.id}--dark`,
      title: `${page.title}, dark theme`,
      theme: "dark" as const,
    }));
  const pages = [...light, ...dark];
  const ids = pages.map((p) => p.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw new Error(`two preview pages are named ${duplicate}`);
  return pages;
}
