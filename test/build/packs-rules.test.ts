/**
 * The compendium's figures against the rules texts themselves
 * (docs/rules/texts/fangs-core.md, fangs-normal-combat.md). The tables below are
 * written from the texts, not from FANGS_DEFAULTS, so a wrong default and a
 * wrong pack source cannot agree with each other and pass. Figures the texts
 * do not give are this system's and are listed in docs/rules/fangs.md
 * ("Compendium content: figures the texts do not give").
 */
import { describe, expect, it } from "vitest";
import { deriveAttributes } from "../../src/rules/fangs/character";
import { MANEUVERS } from "../../src/rules/fangs/maneuvers";
import type { Characteristics, ManeuverId } from "../../src/rules/fangs/types";
import { maximumOf, parseDiceFormula } from "../../src/rules/kernel/dice";
import { loadPacks, type SourceDocument } from "./pack-sources";

const packs = loadPacks();
const docs = (name: string): SourceDocument[] => [
  ...(packs.find((p) => p.pack.name === name)?.documents.values() ?? []),
];
const named = (pack: string, name: string): SourceDocument => {
  const doc = docs(pack).find((d) => d.name === name);
  if (!doc) throw new Error(`no ${name} in ${pack}`);
  return doc;
};
// biome-ignore lint/suspicious/noExplicitAny: pack JSON, read field by field
const sys = (doc: SourceDocument) => doc.system as Record<string, any>;
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const actors = () => [...docs("characters"), ...docs("creatures")];

// fangs-core.md, Equipment: "Armor SP (price in silver sovereigns): Leathers 1 (18), …".
const ARMOR_TEXT: readonly [string, number, number][] = [
  ["Leathers", 1, 18],
  ["Jack", 2, 30],
  ["Leather Armor", 3, 45],
  ["Ring", 4, 175],
  ["Scale", 5, 350],
  ["Mail", 6, 550],
  ["Light Chain", 7, 750],
  ["Plate Mail", 8, 1000],
];

// fangs-core.md, Equipment: damage / SP / impales / hands, and the crossbows' reload.
// `null` is the text's "—" (no SP) or a hand count the text leaves out.
type WeaponText = {
  damage: string;
  itemSp: number | null;
  impales: boolean;
  hands: "one" | "two" | "either" | null;
  reloadRounds: number;
  extendedReload: boolean;
};
const weapon = (
  damage: string,
  itemSp: number | null,
  impales: boolean,
  hands: WeaponText["hands"],
  reloadRounds = 0,
  extendedReload = false,
): WeaponText => ({ damage, itemSp, impales, hands, reloadRounds, extendedReload });
const WEAPON_TEXT: Record<string, WeaponText> = {
  Dagger: weapon("1d4+2", 6, true, "one"),
  Shortsword: weapon("1d6+1", 8, true, "one"),
  Broadsword: weapon("1d8+2", 10, false, "one"),
  "Battle Axe": weapon("1d8+2", 8, false, "one"),
  Mace: weapon("1d8+2", 10, false, "one"),
  Spear: weapon("1d8+1", 8, true, "either"),
  Greatsword: weapon("2d8", 12, false, "two"),
  Quarterstaff: weapon("1d8", 8, false, "two"),
  "Short Bow": weapon("1d6+1", null, true, "two"),
  "Light Crossbow": weapon("2d4+2", null, true, null, 1),
  "Heavy Crossbow": weapon("2d6+2", null, true, null, 2, true),
};

// fangs-core.md, Equipment: "shields (SP): Buckler 6, Round 8, Kite 10, Tower 12".
const SHIELD_TEXT: Record<string, number> = {
  Buckler: 6,
  "Round Shield": 8,
  "Kite Shield": 10,
  "Tower Shield": 12,
};

// fangs-core.md, Skills: the natural abilities the text gives (· written as *).
const ONE_HANDED = "(ST+AG+SZ)/5";
const SKILL_TEXT: Record<string, string> = {
  fist: "(ST+AG+SZ)/5",
  knife: "(ST+AG)/5",
  kick: "(ST+AG)/5",
  throw: "(ST+2*AG)/5",
  climb: "(2*AG+2*ST-SZ)/5",
  jump: "(2*AG+2*ST-SZ)/5",
  run: "(2*AG+2*ST-SZ)/5",
  firstAid: "2*IN/5",
  broadsword: ONE_HANDED,
  shortsword: ONE_HANDED,
  battleAxe: ONE_HANDED,
  mace: ONE_HANDED,
  shieldParry: "(ST+AG)/5",
  shortBow: "AG/5",
  ride: "(AG+PW)/5",
};
const formula = (f: string) => f.replace(/\s+/g, "");

// fangs-normal-combat.md, Maneuver Tables: Attacks, W/Parry, S/Parry, & Dodge, Move.
type Cell = string;
const MANEUVER_TABLE: Record<string, [ManeuverId[], Cell, Cell, Cell, Cell, Cell]> = {
  "All-Out Attack": [["allOutAttack"], "2", "No", "No", "No", "¼ MV"],
  Attack: [["attack"], "1", "1", "1", "1", "¼ MV"],
  "Change Weapon": [["changeWeapon"], "None", "No", "No", "No", "¼ MV"],
  Charge: [["charge"], "1", "No", "Target only", "No", "Full MV"],
  Disengage: [["disengage"], "None", "1", "1", "1", "½ MV"],
  "Dodge (melee or missile)": [["dodgeMelee", "dodgeMissile"], "None", "No", "No", "All", "½ MV"],
  "Draw Weapon": [["drawWeapon"], "None", "No", "1", "No", "¼ MV"],
  Engage: [["engage"], "None", "1", "1", "1", "½ MV"],
  Move: [["move"], "None", "1", "1", "1", "½ MV"],
  Retreat: [["retreat"], "None", "No", "1", "No", "Full MV"],
  Run: [["run"], "None", "1", "1", "No", "Full MV"],
  "Run and Dodge": [["runAndDodge"], "None", "No", "No", "All", "½ MV"],
};

describe("compendium figures against the rules texts", () => {
  it("CORE-EQP-1: every armor, in the pack and on every actor, has the table's protection and price, and its entry says them", () => {
    expect(
      docs("armor")
        .map((d) => d.name)
        .sort(),
    ).toEqual(ARMOR_TEXT.map(([n]) => n).sort());
    const worn = actors().flatMap((a) => (a.items ?? []).filter((i) => i.type === "armor"));
    for (const [name, protection, price] of ARMOR_TEXT) {
      for (const doc of [named("armor", name), ...worn.filter((i) => i.name === name)]) {
        expect(sys(doc), name).toMatchObject({ armorProtection: protection, price });
        const words = text(sys(doc).description);
        expect(words, name).toContain(`Protection ${protection}:`);
        expect(words, name).toContain(`Price ${price} silver sovereigns`);
      }
    }
  });

  it("CORE-EQP-2: every weapon of the text's table has its damage, SP, impaling, hands and reload", () => {
    for (const [name, row] of Object.entries(WEAPON_TEXT)) {
      const w = sys(named("weapons", name));
      expect(w.damage, name).toBe(row.damage);
      expect(w.impales, name).toBe(row.impales);
      expect(w.reloadRounds, name).toBe(row.reloadRounds);
      expect(w.extendedReload, name).toBe(row.extendedReload);
      if (row.itemSp !== null) expect(w.itemSp, name).toEqual({ value: row.itemSp, max: row.itemSp });
      if (row.hands !== null) expect(w.hands, name).toBe(row.hands);
      expect(w.natural, name).toBe(false);
    }
  });

  it("CORE-EQP-2, NC-TAC-2: the Broadsword is d8+2 with a maximum of 10, as its entry says", () => {
    const sword = named("weapons", "Broadsword");
    expect(maximumOf(parseDiceFormula(sys(sword).damage))).toBe(10);
    expect(text(sys(sword).description)).toContain("maximum of 10");
  });

  it("CORE-EQP-2: the shields have the SP of the text's table", () => {
    expect(
      docs("shields")
        .map((d) => d.name)
        .sort(),
    ).toEqual(Object.keys(SHIELD_TEXT).sort());
    for (const [name, sp] of Object.entries(SHIELD_TEXT)) {
      expect(sys(named("shields", name)).itemSp, name).toEqual({ value: sp, max: sp });
    }
  });

  it("CORE-EQP-2: an actor's weapon or shield carries the same figures as the compendium entry of its name", () => {
    const FIGURES = [
      "damage",
      "itemSp",
      "impales",
      "hands",
      "kind",
      "range",
      "reach",
      "reloadRounds",
    ] as const;
    const MORE = ["extendedReload", "autofire", "natural", "skill", "description"] as const;
    let compared = 0;
    for (const actor of actors()) {
      for (const item of actor.items ?? []) {
        if (item.type !== "weapon" && item.type !== "shield" && item.type !== "armor") continue;
        const pack = item.type === "weapon" ? "weapons" : item.type === "shield" ? "shields" : "armor";
        const entry = docs(pack).find((d) => d.name === item.name);
        if (!entry) continue;
        for (const key of [...FIGURES, ...MORE, "armorProtection", "price"]) {
          expect(sys(item)[key], `${actor.name}'s ${item.name}: ${key}`).toEqual(sys(entry)[key]);
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(15);
  });

  it("CORE-EQP-2: reload times the entries state are the weapons' own", () => {
    const words = ["", "one round", "two rounds"];
    for (const doc of docs("weapons")) {
      const rounds = sys(doc).reloadRounds as number;
      if (rounds > 0) expect(text(sys(doc).description), doc.name).toContain(words[rounds]);
    }
  });

  it("CORE-CHR-6: the skills the text gives a natural ability have it, in the pack and on every actor", () => {
    const held = actors().flatMap((a) => (a.items ?? []).filter((i) => i.type === "skill"));
    const packKeys = new Set(docs("skills").map((d) => sys(d).key));
    for (const [key, f] of Object.entries(SKILL_TEXT)) {
      expect(packKeys.has(key), key).toBe(true);
      for (const s of [...docs("skills"), ...held].filter((d) => sys(d).key === key)) {
        expect(formula(sys(s).naturalAbility), `${s.name} (${key})`).toBe(formula(f));
      }
    }
  });

  it("CORE-CHR-6: a skill an actor holds has the formula of the compendium skill with its key", () => {
    const packFormula = new Map(docs("skills").map((d) => [sys(d).key, formula(sys(d).naturalAbility)]));
    for (const actor of actors()) {
      for (const s of (actor.items ?? []).filter((i) => i.type === "skill")) {
        const f = packFormula.get(sys(s).key);
        if (f !== undefined) expect(formula(sys(s).naturalAbility), `${actor.name}'s ${s.name}`).toBe(f);
      }
    }
  });

  it("CORE-CHR-4, NC-MAN-12: the creatures of the texts' examples: troll +5, dragon +10, the Troll-Martian's autofire", () => {
    const dm = (a: SourceDocument) =>
      deriveAttributes(sys(a).characteristics as Characteristics, { armorProtection: 0, dodgeBought: 0 })
        .damageModifier;
    expect(sys(named("creatures", "Troll")).characteristics).toMatchObject({ st: 25, sz: 20 });
    expect(dm(named("creatures", "Troll"))).toBe(5);
    expect(sys(named("creatures", "Dragon")).characteristics).toMatchObject({ st: 40, sz: 40 });
    expect(dm(named("creatures", "Dragon"))).toBe(10);
    const martian = named("creatures", "Troll-Martian");
    expect((martian.items ?? []).some((i) => i.type === "weapon" && sys(i).equipped && sys(i).autofire)).toBe(
      true,
    );
  });

  it("NC-DEF-8: only unintelligent, non-humanoid creatures buy a monster parry, and a biography that claims one matches", () => {
    for (const c of docs("creatures")) {
      const beast = !sys(c).humanoid && !sys(c).intelligent;
      if (sys(c).monsterParry.bought > 0) expect(beast, c.name).toBe(true);
      if (/monster parry:/i.test(text(sys(c).biography))) expect(beast, c.name).toBe(true);
    }
  });
});

describe("maneuver entries against the maneuver tables and descriptions", () => {
  const summary = (doc: SourceDocument) => text((sys(doc).description as string).split("</p>")[0] ?? "");
  const NO_PARRY = /\bno parry\b|\bparry none\b|\bnot parry\b/i;
  const NO_DODGE = /\bno dodge\b|\bno parry or dodge\b/i;

  it("NC-MAN-19: each entry's first paragraph states the attacks of the rules' Attacks column", () => {
    for (const doc of docs("maneuvers")) {
      const spec = MANEUVERS[sys(doc).maneuverId as ManeuverId];
      const first = summary(doc);
      if (spec.attacks === 0) expect(first, doc.name).toMatch(/\bno attack\b|\bwithout attacking\b/i);
      if (spec.attacks === 1) expect(first, doc.name).toMatch(/\bone attack\b|\battack once\b/i);
      if (spec.attacks === 2) expect(first, doc.name).toMatch(/\btwo attacks\b/i);
      if (spec.attacks > 0) expect(first, doc.name).not.toMatch(/\bno attack\b/i);
    }
  });

  it("NC-MAN-19, NC-MAN-2: each entry's first paragraph gives the parries and dodges of the description reading", () => {
    for (const doc of docs("maneuvers")) {
      const spec = MANEUVERS[sys(doc).maneuverId as ManeuverId];
      const d = spec.defenses.prose;
      const first = summary(doc);
      const parries = d.weaponParries + d.shieldParries + d.eitherParries;
      if (parries === 0) expect(first, `${doc.name}: no parry`).toMatch(NO_PARRY);
      else if (!d.parryOrDodge) expect(first, `${doc.name}: parries`).not.toMatch(NO_PARRY);
      // "No dodge" only where neither the maneuver nor NC-MAN-2's dodge instead gives one.
      expect(NO_DODGE.test(first), `${doc.name}: no dodge`).toBe(d.dodges === 0 && !spec.dodgeInstead);
      if (d.dodges === 1) expect(first, `${doc.name}: one dodge`).toMatch(/\bone dodge\b|\bsingle dodge\b/i);
      if (d.dodges === "all") expect(first, `${doc.name}: every dodge`).toMatch(/\bdodge (every|as many)\b/i);
    }
  });

  it("NC-MAN-12: the autofire entries count one hit per point the attack roll is above the dodge roll", () => {
    const autofire = [
      named("maneuvers", "Missile Dodge"),
      ...docs("weapons").filter((d) => sys(d).autofire),
      ...actors().flatMap((a) => (a.items ?? []).filter((i) => i.type === "weapon" && sys(i).autofire)),
    ];
    expect(autofire.length).toBeGreaterThanOrEqual(4);
    for (const doc of autofire) {
      const words = text(sys(doc).description);
      expect(words, doc.name).toMatch(/must reach the attack roll/);
      expect(words, doc.name).toMatch(/each point the attack roll is above (it|the dodge roll) is one hit/);
      expect(words, doc.name).not.toMatch(/another hit|one more hit|must beat/);
    }
  });

  it("NC-MAN-16, NC-SPD-2: the Retreat entry does not promise escape from a chasing attacker", () => {
    const words = text(sys(named("maneuvers", "Retreat")).description);
    expect(words).not.toMatch(/is not re-engaged next round/);
    expect(words).toMatch(/one that chases may try to engage it/i);
    expect(words).toMatch(/cannot charge this round/);
  });

  it("NC-MAN-19: the quick reference's maneuver table has the cells of the rules' tables", () => {
    const journal = named("rules", "FANGS Normal Combat: Quick Reference");
    const page = (journal.pages ?? []).find((p) => p.name === "Maneuvers");
    // A cell's links to the compendium read as their labels.
    const html = ((page?.text as { content: string } | undefined)?.content ?? "").replace(
      /@UUID\[[^\]]+\]\{([^}]*)\}/g,
      "$1",
    );
    const rows = [...html.matchAll(/<tr>(.*?)<\/tr>/g)]
      .map((m) => [...(m[1] ?? "").matchAll(/<td>(.*?)<\/td>/g)].map((c) => c[1] ?? ""))
      .filter((cells) => cells.length > 0);
    expect(rows.map((r) => r[0]).sort()).toEqual(Object.keys(MANEUVER_TABLE).sort());
    for (const [name, attacks, wParry, sParry, dodge, move] of rows) {
      const [ids, ...cells] = MANEUVER_TABLE[name!]!;
      // The Attack row notes the description's either/or beside the table's 1.
      expect([attacks, wParry, sParry, dodge?.replace(/ \(.*\)$/, ""), move], name).toEqual(cells);
      const phrase = { quarter: "¼ MV", half: "½ MV", full: "Full MV" } as const;
      for (const id of ids) expect(phrase[MANEUVERS[id].move], name).toBe(move);
      for (const id of ids) expect(String(MANEUVERS[id].attacks || "None"), name).toBe(attacks);
    }
    const note = text(html);
    expect(note).toContain("Disengage and Engage have no dodge of their own");
    expect(note).not.toContain("Disengage and Run forbid the dodge");
  });
});
