import { describe, expect, it } from "vitest";
import { SHARENE_DEFAULTS } from "../../src/rules/sharene/config";
import { validateFighter } from "../../src/rules/sharene/fighter";
import { SHARENE_LOCATIONS, skillTotal } from "../../src/rules/sharene/sheet";
import { BLOWS, type ShareneFighter, STYLES } from "../../src/rules/sharene/types";
import { signedDf } from "../../src/rulesets/sharene/apps/sheets/item-context";
import { runDuel } from "../../src/rulesets/sharene/sim/duel";
import { createPolicy } from "../../src/rulesets/sharene/sim/policies";
import { SHARENE_SAMPLE_FIGHTERS } from "../../src/rulesets/sharene/sim/roster";
import { loadTranslations } from "../handlebars/render";
import {
  describeOwnWords,
  expectReferenceEntries,
  expectSpeaksToGm,
  LINK,
  pageText,
  plain,
  rulesetPacks,
} from "../support/ruleset-packs";
import type { SourceDocument } from "./pack-sources";

const { packs, docs, actors, journal, typesByPack } = rulesetPacks("sharene");
// biome-ignore lint/suspicious/noExplicitAny: pack JSON, read field by field
const sys = (doc: SourceDocument) => doc.system as Record<string, any>;

/** A pack actor read as the rules core reads a fighter: totals, armor worn added up, its equipped weapon. */
function asFighter(actor: SourceDocument): ShareneFighter {
  const s = sys(actor);
  const items = actor.items ?? [];
  const armor = Object.fromEntries(SHARENE_LOCATIONS.map((l) => [l, 0]));
  for (const piece of items.filter((i) => i.type === "shareneArmor" && sys(i).equipped))
    for (const l of SHARENE_LOCATIONS) armor[l]! += sys(piece).protection[l];
  const weapons = items.filter((i) => i.type === "shareneWeapon" && sys(i).equipped);
  expect(weapons, `${actor.name} wields one weapon`).toHaveLength(1);
  const w = sys(weapons[0]!);
  return {
    id: actor.name.toLowerCase(),
    name: actor.name,
    dex: s.characteristics.dex,
    agi: s.characteristics.agi,
    end: s.characteristics.end,
    lifePoints: s.lifePoints.max,
    damageBonus: s.damageBonus,
    dodge: skillTotal(s.dodge),
    armor,
    weapon: {
      id: "",
      name: weapons[0]!.name,
      kind: w.kind,
      attack: skillTotal(w.attack),
      parry: w.parries ? skillTotal(w.parry) : null,
      damage: Object.fromEntries(BLOWS.filter((b) => w.damage[b] !== "").map((b) => [b, w.damage[b]])),
      mainBlow: w.mainBlow,
    },
    weaponArm: s.weaponArm,
  };
}

describe("Sharene's packs", () => {
  it("are its six, each holding one type: Sharene's own", () => {
    expect(typesByPack()).toEqual({
      "sharene-rules": [undefined],
      "sharene-weapons": ["shareneWeapon"],
      "sharene-armor": ["shareneArmor"],
      "sharene-styles": ["shareneStyle"],
      "sharene-characters": ["shareneCharacter"],
      "sharene-creatures": ["shareneCreature"],
    });
  });

  it("the sample characters are the simulator's fighters, figure for figure (roster.ts)", () => {
    const characters = docs("sharene-characters");
    expect(characters.map((a) => a.name).sort()).toEqual(SHARENE_SAMPLE_FIGHTERS.map((f) => f.name).sort());
    for (const sample of SHARENE_SAMPLE_FIGHTERS) {
      const actor = characters.find((a) => a.name === sample.name)!;
      const { weapon, ...rest } = asFighter(actor);
      const { weapon: sampleWeapon, ...sampleRest } = sample;
      expect({ ...rest, id: sample.id }, sample.name).toEqual({ ...sampleRest, armor: { ...sample.armor } });
      expect({ ...weapon, id: sampleWeapon.id }, sample.name).toEqual({
        ...sampleWeapon,
        damage: { ...sampleWeapon.damage },
      });
    }
  });

  it("the comparison fails on a changed figure: a pack and the roster cannot drift apart", () => {
    const arden = docs("sharene-characters").find((a) => a.name === "Arden")!;
    const sample = SHARENE_SAMPLE_FIGHTERS.find((f) => f.name === "Arden")!;
    const changed = structuredClone(arden);
    sys(changed).dodge.level += 1;
    expect(asFighter(changed).dodge).not.toBe(sample.dodge);
    expect(asFighter(arden).dodge).toBe(sample.dodge);
  });

  it("every weapon and armor a sample carries is the pack's entry of that name, its skills aside", () => {
    const entry = (pack: string, name: string) => docs(pack).find((d) => d.name === name);
    for (const actor of docs("sharene-characters")) {
      for (const item of actor.items ?? []) {
        const pack = item.type === "shareneWeapon" ? "sharene-weapons" : "sharene-armor";
        const own = entry(pack, item.name);
        expect(own, `${actor.name}'s ${item.name}`).toBeDefined();
        // A carried weapon is equipped; the pack's is not (finding 5: a second equipped weapon would not be the one used).
        const { attack: _a, parry: _p, equipped: _e, ...figures } = sys(item);
        const { attack: _b, parry: _q, equipped: _f, ...packFigures } = sys(own!);
        expect(figures, `${actor.name}'s ${item.name}`).toEqual(packFigures);
      }
    }
    expect(
      docs("sharene-weapons")
        .map((d) => d.name)
        .sort(),
    ).toEqual(SHARENE_SAMPLE_FIGHTERS.map((f) => f.weapon.name).sort());
  });

  it("pack weapons are stored unequipped: given to a fighter, they do not silently sit beside the one it fights with", () => {
    for (const weapon of docs("sharene-weapons")) expect(sys(weapon).equipped, weapon.name).toBe(false);
    for (const armor of docs("sharene-armor")) expect(sys(armor).equipped, armor.name).toBe(true);
  });

  it("each beast's biography warns that its bite, claws or tusks go with its leading foreleg", () => {
    for (const creature of docs("sharene-creatures"))
      expect(plain(sys(creature).biography), creature.name).toContain("leading foreleg");
  });

  it("every sample is a fighter the rules core accepts, unhurt, its life points on the token's bar", () => {
    expect(docs("sharene-creatures").length).toBeGreaterThanOrEqual(2);
    for (const actor of actors()) {
      expect(() => validateFighter(asFighter(actor)), actor.name).not.toThrow();
      expect(sys(actor).lifePoints.value, actor.name).toBe(sys(actor).lifePoints.max);
      expect(Object.values(sys(actor).wounds).every((w) => (w as { value: number }).value === 0)).toBe(true);
      expect(actor.prototypeToken, actor.name).toMatchObject({ bar1: { attribute: "lifePoints" } });
    }
  });

  it("a sample that cannot parry knows only the styles that attack (SHA-STY-4, SHA-STY-5 answer with parries)", () => {
    for (const actor of actors()) {
      const parries = asFighter(actor).weapon.parry !== null;
      const { styles } = sys(actor);
      expect(styles.fullParry && styles.parryRiposte, actor.name).toBe(parries);
      expect(styles.fullAttack && styles.attackParry, actor.name).toBe(true);
    }
  });

  it("each creature plays through the simulator's round against the sample characters: fights that end, won and lost", () => {
    const SEEDS = 40;
    for (const creature of docs("sharene-creatures")) {
      const beast = validateFighter(asFighter(creature));
      let wins = 0;
      let losses = 0;
      for (const sample of SHARENE_SAMPLE_FIGHTERS) {
        for (let seed = 1; seed <= SEEDS; seed++) {
          const { summary, log } = runDuel(
            { fighters: [beast, sample], policies: [createPolicy("default"), createPolicy("default")] },
            seed,
            seed === 1,
          );
          expect(summary.unfinished, `${creature.name} against ${sample.name}, seed ${seed}`).toBe(false);
          if (summary.winner === 0) wins++;
          if (summary.winner === 1) losses++;
          // Its weapon cannot parry: it never picks a style that only answers with parries.
          for (const round of log ?? [])
            expect(["fullAttack", "attackParry", null]).toContain(round.styles[0]);
        }
      }
      expect(wins, creature.name).toBeGreaterThan(0);
      expect(losses, creature.name).toBeGreaterThan(0);
    }
  });

  it("one style entry for each style of the core, each with its own description and a link to the readings", () => {
    expectReferenceEntries(
      docs("sharene-styles"),
      "style",
      STYLES,
      { pack: "sharene-rules", document: journal() },
      "Styles and defenses",
    );
  });
});

describe("the journal Sharene rules readings", () => {
  const linked = () =>
    new Set((journal().pages ?? []).flatMap((p) => [...pageText(p).matchAll(LINK)].map(([, uuid]) => uuid!)));

  it("links every entry of Sharene's other packs by its compendium UUID", () => {
    const uuids = linked();
    const type: Record<string, string> = { Item: "Item", Actor: "Actor" };
    for (const { pack, documents } of packs) {
      if (pack.type === "JournalEntry") continue;
      for (const doc of documents.values())
        expect(uuids.has(`Compendium.fangs.${pack.name}.${type[pack.type]}.${doc._id}`), doc.name).toBe(true);
    }
  });

  it("gives each gap's reading and the options a GM can change, on pages of HTML text", () => {
    const pages = journal().pages ?? [];
    for (const page of pages) expect(page).toMatchObject({ type: "text", text: { format: 1 } });
    const all = plain(pages.map(pageText).join(" "));
    for (const phrase of [
      "The highest goes first", // initiative and its ties
      "the higher AGI or DEX that was added goes first",
      "A natural 1 is not an automatic success",
      "costs the fighter its next attack",
      "kept between",
      "promise a table of situational DFs",
      "the first at −2 and the second at −4",
      "A missed attack has no Success Level",
      "half the rolled damage",
      "deals its main blow instead",
      "High for an arm",
      "never below 0",
      "an attack made at the Special Success Level",
      "adds up over the fight",
      "look at the points left first",
      "makes no new check",
      "what a special hit is",
      "whether multipliers add up or multiply",
      // finding 6: the two cases of a refused value, as docs/rules/sharene.md has them
      "is refused with a message and not stored",
      "is played as the defaults",
      // finding 7: why no sample weapon is thrown or shot
      "no sample weapon is thrown or shot",
      // finding 4: a beast's weapon goes with its leading foreleg
      "a lamed leading foreleg",
    ])
      expect(all, phrase).toContain(phrase);
  });

  it("states the default figures it names as SHARENE_DEFAULTS has them: the DF bounds and every situation", () => {
    const translations = loadTranslations();
    const checks = plain(pageText(journal().pages!.find((p) => p.name === "Checks and Difficulty Numbers")!));
    expect(checks).toContain(
      `between ${signedDf(SHARENE_DEFAULTS.dfMin)} and ${signedDf(SHARENE_DEFAULTS.dfMax)}`,
    );
    for (const s of SHARENE_DEFAULTS.situations)
      expect(checks.toLowerCase(), s.id).toContain(
        `${translations[s.labelKey]!.toLowerCase()} ${signedDf(s.df)}`,
      );
  });

  it("every figure it states is SHARENE_DEFAULTS's: each sentence is built from the key it quotes", () => {
    const d = SHARENE_DEFAULTS;
    const all = plain((journal().pages ?? []).map(pageText).join(" "));
    const df = signedDf;
    const times = (n: number) => `\u00d7${n}`;
    const cf = (n: number) => `END \u00d7 ${n}`;
    const dur = (k: keyof typeof d.durations) => {
      const spec = d.durations[k];
      return `${spec.dice}${spec.times ? ` \u00d7 ${spec.times}` : ""} ${spec.unit}`;
    };
    const WORDS: Record<string, string> = { "1/2": "Half", "2/3": "two thirds", "1/3": "a third" };
    const fraction = (f: { num: number; den: number }) => WORDS[`${f.num}/${f.den}`] ?? `${f.num}/${f.den}`;
    const band = (i: number) => d.damageBands[i]!;
    const range = (r: { from: number; to: number }) => `${r.from}\u2013${r.to % 10}`;
    const blows = d.blowTable.map((r) => `${range(r)} ${r.blow}`).join(", ");
    // The page groups the called shots by level; the defaults must group them the same way.
    expect(d.calledShots).toEqual({
      head: "special",
      rightArm: "high",
      leftArm: "high",
      torso: "high",
      rightLeg: "high",
      leftLeg: "high",
      disarm: "special",
      cutEquipment: "high",
      specialTarget: "special",
    });
    expect([d.initiativeAbility.melee, d.initiativeAbility.thrown, d.initiativeAbility.missile]).toEqual([
      "agi",
      "dex",
      "dex",
    ]);
    expect(d.riposteDf.better).toBe(0); // "at no penalty"
    expect([d.secondsPerRound, d.lastPoint]).toEqual([3, 1]); // "three seconds", "exactly one point"
    for (const sentence of [
      `Each rolls 1d${d.initiativeDie} and adds AGI for a melee blow, DEX for a throw or a shot`,
      `under ${d.successLevels.high} a plain success, ${d.successLevels.high} to ${d.successLevels.special - 1} a High success, ${d.successLevels.special} or more a Special success`,
      `A natural ${d.criticalFailureFace} always fails critically, unless the DN is above ${d.criticalFailureUnlessDnAbove}`,
      `the first at ${df(d.multipleDefenseDf[0])} and the second at ${df(d.multipleDefenseDf[1])}`,
      `splits its parry among several attacks, each at ${df(d.splitParryDf)}`,
      `${df(d.fullAttackDf)} to its attack, and one defense in the whole round at ${df(d.fullAttackDefenseDf)}`,
      `Whoever tries to parry it attacks at ${df(d.parriedFullAttackDf)} for the rest of the round`,
      `${df(d.fullParryDefenseDf)} to each defense, and after a parry that holds a reflex riposte at ${df(d.fullParryRiposteDf)}`,
      `gives a riposte at ${df(d.riposteDf.notBetter)}; a failed parry, one at ${df(d.riposteDf.failed)}`,
      `an equal or higher one costs ${df(d.riposteDf.notBetter)}, a failed one ${df(d.riposteDf.failed)}`,
      `${df(d.riposteParryDf)} to the parry or dodge`,
      `It does ${fraction(d.riposteDamage).toLowerCase()} the rolled damage`,
      `state a slash or a thrust its weapon deals, at ${df(d.statedBlowDf)}`,
      `Otherwise the d10 decides once the blow gets through: ${blows}`,
      `${times(d.damageMultipliers.head)} to the head, ${times(d.damageMultipliers.critical)} for a critical hit (an attack rolled on a natural ${d.criticalHitFace}), ${times(d.damageMultipliers.special)} for a special hit`,
      `${fraction(d.limbUseless)} the full life points makes the limb useless, ${fraction(d.limbSevered)} severs it`,
      `below ${df(d.comaDownTo)} the fighter is dead; from 0 to ${df(d.comaDownTo)} in a coma, dying in ${dur("coma")}`,
      `with exactly one point left out for ${dur(d.lastPointKnockout)}`,
      `at least ${fraction(band(0).atLeast)} of the full life points ${cf(band(0).cf)}, or ${dur(band(0).knockout)} out`,
      `at least ${fraction(band(1).atLeast).toLowerCase()} ${cf(band(1).cf)}, ${dur(band(1).knockout)}`,
      `at least ${fraction(band(2).atLeast)} ${cf(band(2).cf)}, ${dur(band(2).knockout)}`,
      `fewer than ${d.lowLifeBelow} points left ${cf(d.lowLifeCf)}, ${dur(d.lowLifeKnockout)}`,
    ])
      expect(all, sentence).toContain(sentence);
  });

  it("speaks to a GM: no clause id, no file, no command, no identifier", () => {
    expectSpeaksToGm(journal(), "SHA");
  });
});

describeOwnWords(
  "Sharene",
  packs,
  "docs/rules/texts/sharene-combat.md",
  () => "Both opponents roll for attack and parry, trying to get a result equal or lower than the DN.",
);
