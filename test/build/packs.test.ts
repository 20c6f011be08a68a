import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, readJson } from "../../scripts/lib/manifest.mjs";
import { deriveAttributes, skillValue } from "../../src/rules/fangs/character";
import { FANGS_DEFAULTS } from "../../src/rules/fangs/config";
import { MANEUVERS } from "../../src/rules/fangs/maneuvers";
import { type Characteristics, MANEUVER_IDS, type ManeuverId } from "../../src/rules/fangs/types";
import { validateDocumentSource } from "../foundry/validate";
import { itemPackTypes, loadPacks, manifest, type PackSource, type SourceDocument } from "./pack-sources";

const packs = loadPacks();
const byName = (name: string): PackSource => {
  const pack = packs.find((p) => p.pack.name === name);
  if (!pack) throw new Error(`no pack ${name}`);
  return pack;
};
const docs = (name: string): SourceDocument[] => [...byName(name).documents.values()];
const find = (name: string, file: string): SourceDocument => {
  const doc = byName(name).documents.get(file);
  if (!doc) throw new Error(`no ${file} in ${name}`);
  return doc;
};
// biome-ignore lint/suspicious/noExplicitAny: pack JSON, whose fields the contract test checks one by one
const sys = (doc: SourceDocument) => doc.system as Record<string, any>;
const ID = /^[A-Za-z0-9]{16}$/;
const COLLECTION: Record<string, string> = { Item: "items", Actor: "actors", JournalEntry: "journal" };

/** Every id a pack holds, top level and embedded, keyed by where it lives. */
function idMap(pack: PackSource): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const [file, doc] of pack.documents) {
    ids[file] = doc._id;
    for (const item of doc.items ?? []) ids[`${file}/${item.type}:${item.name}`] = item._id;
    for (const page of doc.pages ?? []) ids[`${file}/page:${page.name}`] = page._id;
  }
  return ids;
}

describe("pack sources", () => {
  it("every pack the manifest declares (the rulesets' manifest.json) has sources, and every source folder is declared", () => {
    const folders = readdirSync(path.join(ROOT, "packs"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders).toEqual((manifest.packs ?? []).map((p) => p.name).sort());
    for (const { pack, documents } of packs) {
      expect(pack.path).toBe(`packs/${pack.name}`);
      expect(documents.size, pack.name).toBeGreaterThan(0);
    }
  });

  it("file names are lower-case slugs", () => {
    for (const { documents } of packs) {
      for (const file of documents.keys()) expect(file).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.json$/);
    }
  });

  it("every id is 16 letters or digits and unique across all packs, embedded documents included", () => {
    const seen = new Map<string, string>();
    for (const { pack, documents } of packs) {
      for (const [file, doc] of documents) {
        for (const d of [doc, ...(doc.items ?? []), ...(doc.pages ?? [])]) {
          expect(d._id, `${pack.name}/${file} ${d.name}`).toMatch(ID);
          expect(seen.get(d._id), `${d._id} in ${pack.name}/${file} is already used`).toBeUndefined();
          seen.set(d._id, `${pack.name}/${file}`);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(100);
  });

  it("every _key is well formed (a document without one would be skipped silently by compilePack)", () => {
    for (const { pack, documents } of packs) {
      const collection = COLLECTION[pack.type];
      expect(collection, pack.type).toBeDefined();
      for (const [file, doc] of documents) {
        const where = `${pack.name}/${file}`;
        expect(doc._key, where).toBe(`!${collection}!${doc._id}`);
        for (const item of doc.items ?? []) {
          expect(item._key, `${where} ${item.name}`).toBe(`!actors.items!${doc._id}.${item._id}`);
        }
        for (const page of doc.pages ?? []) {
          expect(page._key, `${where} ${page.name}`).toBe(`!journal.pages!${doc._id}.${page._id}`);
        }
        if (pack.type !== "Actor") expect(doc.items, where).toBeUndefined();
        if (pack.type !== "JournalEntry") expect(doc.pages, where).toBeUndefined();
      }
    }
  });

  it("ids are stable: they equal the committed snapshot test/build/pack-ids.json", () => {
    const snapshot = readJson<Record<string, Record<string, string>>>(
      path.join(import.meta.dirname, "pack-ids.json"),
    );
    const current = Object.fromEntries(packs.map((p) => [p.pack.name, idMap(p)]));
    // A new document must be added to the snapshot by hand; a changed or lost id breaks links to it.
    expect(current).toEqual(snapshot);
  });

  it("every document passes the FANGS data models (test/foundry/validate): no refusal, no dropped or old-shape field", () => {
    let checked = 0;
    for (const { pack, documents } of packs) {
      if (pack.type !== "Item" && pack.type !== "Actor") continue;
      for (const [file, doc] of documents) {
        if (pack.type === "Item")
          expect(itemPackTypes(pack.name), `${pack.name}/${file}`).toContain(doc.type);
        const report = validateDocumentSource(pack.type, doc);
        expect(report.failures, `${pack.name}/${file}`).toEqual([]);
        checked += 1 + (doc.items?.length ?? 0);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("the validation refuses what a careless edit of a source would bring", () => {
    const sword = find("weapons", "broadsword.json");
    const paths = (system: object) =>
      validateDocumentSource("Item", { ...sword, system }).failures.map((f) => f.path);
    expect(paths({ ...sys(sword), damage: "d" })).toContain("system.damage");
    expect(paths({ ...sys(sword), hands: "three" })).toContain("system.hands");
    expect(paths({ ...sys(sword), condtion: "sound" })).toContain("system.condtion");
    expect(validateDocumentSource("Item", { ...sword, type: "gadget" }).valid).toBe(false);
  });

  it("made weapons have a range when thrown or shot, and an extended reload only with a long one", () => {
    for (const doc of docs("weapons")) {
      const w = sys(doc);
      if (w.kind !== "melee") expect(w.range, doc.name).toBeGreaterThan(0);
      if (w.extendedReload) expect(w.reloadRounds, doc.name).toBeGreaterThanOrEqual(2);
    }
  });

  it("every weapon and shield names a skill: the skills pack's, or for an actor's items one the actor has", () => {
    const packSkills = new Set(docs("skills").map((d) => sys(d).key as string));
    for (const doc of [...docs("weapons"), ...docs("shields")]) {
      expect(packSkills.has(sys(doc).skill), `${doc.name} uses ${sys(doc).skill}`).toBe(true);
    }
    for (const actor of [...docs("characters"), ...docs("creatures")]) {
      const own = new Set(
        (actor.items ?? []).filter((i) => i.type === "skill").map((i) => sys(i).key as string),
      );
      for (const item of actor.items ?? []) {
        if (item.type !== "weapon" && item.type !== "shield") continue;
        expect(own.has(sys(item).skill), `${actor.name}'s ${item.name} uses ${sys(item).skill}`).toBe(true);
      }
    }
  });

  it("every image is a Foundry core icon or a file this system ships", () => {
    for (const { pack, documents } of packs) {
      for (const [file, doc] of documents) {
        for (const d of [doc, ...(doc.items ?? [])]) {
          if (d.img === undefined) continue;
          expect(d.img, `${pack.name}/${file} ${d.name}`).toMatch(/^(icons\/|systems\/fangs\/)/);
          if (d.img.startsWith("systems/fangs/")) {
            expect(existsSync(path.join(ROOT, d.img.slice("systems/fangs/".length))), d.img).toBe(true);
          }
        }
      }
    }
    expect(docs("maneuvers").every((d) => d.img?.startsWith("systems/fangs/assets/icons/maneuver/"))).toBe(
      true,
    );
  });

  it("skill keys are unique in the skills pack", () => {
    const keys = docs("skills").map((d) => sys(d).key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining(["broadsword", "shieldParry", "grapple", "firstAid", "fist", "kick"]),
    );
  });
});

describe("pack content against the rules", () => {
  const slug = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

  it("the armor pack holds the eight rows of the armor table with protection and price (CORE-EQP-1)", () => {
    const armor = docs("armor");
    expect(armor).toHaveLength(FANGS_DEFAULTS.armor.length);
    for (const row of FANGS_DEFAULTS.armor) {
      const doc = find("armor", `${slug(row.id)}.json`);
      expect(sys(doc).armorProtection, row.id).toBe(row.armorProtection);
      expect(sys(doc).price, row.id).toBe(row.price);
    }
  });

  it("every weapon of the weapon table has its damage, SP, impaling, hands and reload (CORE-EQP-2)", () => {
    const hands = (h: readonly number[]) => (h.length === 2 ? "either" : h[0] === 1 ? "one" : "two");
    for (const row of FANGS_DEFAULTS.weapons) {
      const w = sys(find("weapons", `${slug(row.id)}.json`));
      expect(w.damage, row.id).toBe(row.damage);
      if (row.itemSp !== null) expect(w.itemSp, row.id).toEqual({ value: row.itemSp, max: row.itemSp });
      expect(w.impales, row.id).toBe(row.impales);
      expect(w.hands, row.id).toBe(hands(row.hands));
      expect(w.kind, row.id).toBe(row.kind);
      expect(w.reloadRounds, row.id).toBe(row.reload);
      expect(w.extendedReload, row.id).toBe(row.extendedReload);
    }
  });

  it("the shields have the SP of the shield table (CORE-EQP-2)", () => {
    const files: Record<string, string> = {
      buckler: "buckler.json",
      round: "round-shield.json",
      kite: "kite-shield.json",
      tower: "tower-shield.json",
    };
    expect(docs("shields")).toHaveLength(FANGS_DEFAULTS.shields.length);
    for (const row of FANGS_DEFAULTS.shields) {
      expect(sys(find("shields", files[row.id]!)).itemSp, row.id).toEqual({
        value: row.itemSp,
        max: row.itemSp,
      });
    }
  });

  it("one- and two-handed clubs do the club damage used for the flat of the blade (NC-SUB-2)", () => {
    expect(sys(find("weapons", "club.json"))).toMatchObject({
      damage: FANGS_DEFAULTS.clubDamage[1],
      hands: "one",
    });
    expect(sys(find("weapons", "great-club.json"))).toMatchObject({
      damage: FANGS_DEFAULTS.clubDamage[2],
      hands: "two",
    });
  });

  it("natural attacks (fist, kick, grapple), thrown weapons and autofire weapons are there", () => {
    for (const file of ["fist.json", "kick.json", "grapple.json"]) {
      expect(sys(find("weapons", file)), file).toMatchObject({ natural: true });
    }
    expect(sys(find("weapons", "fist.json")).damage).toBe("0");
    expect(
      docs("weapons")
        .filter((d) => sys(d).kind === "thrown")
        .map((d) => d.name)
        .sort(),
    ).toEqual(["Javelin", "Throwing Knife"]);
    expect(docs("weapons").filter((d) => sys(d).autofire).length).toBeGreaterThanOrEqual(2);
    expect(sys(find("weapons", "heavy-crossbow.json"))).toMatchObject({
      reloadRounds: 2,
      extendedReload: true,
    });
    expect(sys(find("weapons", "light-crossbow.json"))).toMatchObject({
      reloadRounds: 1,
      extendedReload: false,
    });
  });

  it("one maneuver entry for each maneuver id, each with its own description (NC-MAN-1)", () => {
    const ids = docs("maneuvers").map((d) => sys(d).maneuverId);
    expect([...ids].sort()).toEqual([...MANEUVER_IDS].sort());
    const descriptions = docs("maneuvers").map((d) => sys(d).description as string);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const text of descriptions) expect(text.length).toBeGreaterThan(60);
  });

  it("each maneuver entry states the movement and whether it may be held as the rules core's registry has them", () => {
    const phrase = { quarter: "quarter of MV", half: "half MV", full: "full MV" } as const;
    for (const doc of docs("maneuvers")) {
      const spec = MANEUVERS[sys(doc).maneuverId as ManeuverId];
      const text = (sys(doc).description as string).replace(/<[^>]+>/g, " ");
      expect(text, `${doc.name}: move`).toContain(phrase[spec.move]);
      expect(/\bmay be held\b/i.test(text), `${doc.name}: may be held`).toBe(spec.mayBeHeld);
      expect(/\bcannot be held\b/i.test(text), `${doc.name}: cannot be held`).toBe(!spec.mayBeHeld);
    }
  });

  it("the advantages the rules name are there: Two Weapon and Ambidextrous", () => {
    expect(
      docs("advantages")
        .map((d) => sys(d).key)
        .sort(),
    ).toEqual(["ambidextrous", "twoWeapon"]);
  });
});

describe("sample characters and creatures", () => {
  const actors = [...docs("characters"), ...docs("creatures")];
  const characteristics = (a: SourceDocument) => sys(a).characteristics as Characteristics;
  const embedded = (a: SourceDocument, type: string) => (a.items ?? []).filter((i) => i.type === type);
  const skill = (a: SourceDocument, key: string) => {
    const s = embedded(a, "skill").find((i) => sys(i).key === key);
    if (!s) throw new Error(`${a.name} has no ${key} skill`);
    return skillValue(sys(s).naturalAbility, characteristics(a), sys(s).bought);
  };
  const derived = (a: SourceDocument) => {
    const armorProtection = embedded(a, "armor")
      .filter((i) => sys(i).equipped)
      .reduce((sum, i) => sum + (sys(i).armorProtection as number), 0);
    return deriveAttributes(characteristics(a), { armorProtection, dodgeBought: sys(a).dodgeSkill.bought });
  };

  it("every sample starts unhurt, with Stun and HP at their derived maximum (CORE-CHR-2, -3)", () => {
    for (const a of actors) {
      const d = derived(a);
      expect(sys(a).stunPoints.value, a.name).toBe(d.stunPoints);
      expect(sys(a).hitPoints.value, a.name).toBe(d.hitPoints);
    }
  });

  it("every sample's token shows Stun and HP as bars to its owners (CONST.TOKEN_DISPLAY_MODES.OWNER)", () => {
    for (const a of actors) {
      const token = (a as unknown as { prototypeToken?: Record<string, unknown> }).prototypeToken;
      expect(token, a.name).toMatchObject({
        bar1: { attribute: "stunPoints" },
        bar2: { attribute: "hitPoints" },
        displayBars: 40,
      });
    }
  });

  it("characters are characters and creatures creatures", () => {
    expect(docs("characters").every((a) => a.type === "character")).toBe(true);
    expect(docs("creatures").every((a) => a.type === "creature")).toBe(true);
  });

  it("Gru has DM +1 and 7 bought points of Broadsword to trade (NC-TAC-1 example)", () => {
    const gru = find("characters", "gru.json");
    expect(derived(gru).damageModifier).toBe(1);
    expect(skill(gru, "broadsword").bought).toBe(7);
    expect(embedded(gru, "weapon").some((w) => w.name === "Broadsword" && sys(w).equipped)).toBe(true);
  });

  it("Fast Eddy has AG 17 and Dagmar the Deadly AG 15 (NC-RND-6 example)", () => {
    expect(characteristics(find("characters", "fast-eddy.json")).ag).toBe(17);
    expect(characteristics(find("characters", "dagmar-the-deadly.json")).ag).toBe(15);
  });

  it("Dagmar fights with two weapons, the second in her off hand, and has both advantages (NC-ATK-10)", () => {
    const dagmar = find("characters", "dagmar-the-deadly.json");
    expect(
      embedded(dagmar, "advantage")
        .map((i) => sys(i).key)
        .sort(),
    ).toEqual(["ambidextrous", "twoWeapon"]);
    const weapons = embedded(dagmar, "weapon").filter((w) => sys(w).equipped && !sys(w).natural);
    expect(weapons.map((w) => sys(w).offHand).sort()).toEqual([false, true]);
  });

  it("the troll (ST 25, SZ 20) has DM +5 and the dragon (ST 40, SZ 40) +10 (CORE-CHR-4 examples)", () => {
    const troll = find("creatures", "troll.json");
    expect(characteristics(troll)).toMatchObject({ st: 25, sz: 20 });
    expect(derived(troll).damageModifier).toBe(5);
    expect(derived(find("creatures", "dragon.json")).damageModifier).toBe(10);
  });

  it("the beasts that monster-parry are non-humanoid and unintelligent, and have the ability (NC-DEF-8)", () => {
    const parrying = docs("creatures").filter((c) => sys(c).monsterParry.bought > 0);
    expect(parrying.map((c) => c.name).sort()).toEqual([
      "Cave Bear",
      "Giant Octopus",
      "Giant Rat",
      "Giant Spider",
      "Great Ape",
      "Guard Dog",
      "Wild Boar",
      "Wolf",
    ]);
    for (const c of parrying) expect(sys(c)).toMatchObject({ humanoid: false, intelligent: false });
  });

  it("the giant octopus grapples with six extra limbs (NC-GRP-2)", () => {
    const octopus = find("creatures", "giant-octopus.json");
    expect(sys(octopus).extraLimbs).toBe(6);
    expect(skill(octopus, "grapple").bought).toBeGreaterThan(0);
  });

  it("every actor wields something: an equipped weapon whose skill it has", () => {
    for (const a of actors) {
      const weapons = embedded(a, "weapon").filter((w) => sys(w).equipped);
      expect(weapons.length, a.name).toBeGreaterThan(0);
      for (const w of weapons) expect(skill(a, sys(w).skill).total, `${a.name} ${w.name}`).toBeGreaterThan(0);
    }
  });
});

describe("rules quick reference", () => {
  const journal = docs("rules").find((d) => d.name === "FANGS Normal Combat: Quick Reference");
  const pages = journal?.pages ?? [];
  const content = (name: string) =>
    ((pages.find((p) => p.name === name)?.text as { content?: string } | undefined)?.content ?? "").replace(
      /<[^>]+>/g,
      " ",
    );

  it("is a journal entry of HTML text pages, beside the rules readings", () => {
    expect(
      docs("rules")
        .map((d) => d.name)
        .sort(),
    ).toEqual(["FANGS Normal Combat: Quick Reference", "FANGS rules readings"]);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const page of pages) expect(page).toMatchObject({ type: "text", text: { format: 1 } });
  });

  it("the round page names the four phases in order (NC-RND-1)", () => {
    const text = content("The Combat Round");
    const at = ["Initiative", "Missile", "Melee", "Post-Melee"].map((phase) => text.indexOf(phase));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("the maneuver page tabulates every maneuver (NC-MAN-19)", () => {
    const text = content("Maneuvers");
    for (const name of [
      "All-Out Attack",
      "Attack",
      "Change Weapon",
      "Charge",
      "Disengage",
      "Dodge",
      "Draw Weapon",
      "Engage",
      "Move",
      "Retreat",
      "Run",
      "Run and Dodge",
    ]) {
      expect(text, name).toContain(name);
    }
  });

  it("the outcome page covers specials, criticals, parries and fumbles", () => {
    const text = content("Attack and Defense Outcomes");
    for (const word of ["Special", "Critical", "parry", "Fumble", "Monster parry"])
      expect(text, word).toContain(word);
  });
});

describe("pack folder layout", () => {
  it("packFolders group every pack exactly once", () => {
    const listed: string[] = [];
    const walk = (folders: { packs?: string[]; folders?: unknown[] }[]) => {
      for (const f of folders) {
        listed.push(...(f.packs ?? []));
        walk((f.folders ?? []) as { packs?: string[]; folders?: unknown[] }[]);
      }
    };
    walk(manifest.packFolders as { packs?: string[]; folders?: unknown[] }[]);
    expect(listed.sort()).toEqual((manifest.packs ?? []).map((p) => p.name).sort());
  });

  it("no compiled pack output sits in the source tree", () => {
    for (const { pack } of packs)
      expect(existsSync(path.join(ROOT, "packs", pack.name, "CURRENT")), pack.name).toBe(false);
  });
});
