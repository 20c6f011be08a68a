import "../foundry/setup";
import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../../src/rules/kernel/dice";
import { difficultyNumber } from "../../src/rules/sharene/check";
import { SHARENE_DEFAULTS } from "../../src/rules/sharene/config";
import { rollExchange } from "../../src/rules/sharene/exchange";
import type { ShareneFighter } from "../../src/rules/sharene/types";
import type { ShareneExchangeCard } from "../../src/rulesets/sharene/chat/exchange-state";
import {
  type CardViewer,
  comparedLevels,
  SHARENE_EXCHANGE_TEMPLATE,
  shareneExchangeView,
} from "../../src/rulesets/sharene/chat/exchange-view";
import {
  badButtons,
  byAttr,
  byClass,
  byTag,
  duplicateIds,
  mouseOnlyActions,
  parse,
  text,
  unlabelledControls,
} from "./html";
import { createTemplateRenderer } from "./render";

/**
 * Sharene's exchange card, rendered from its real template with the real
 * Handlebars and lang/en.json, from plain data (the card as stored, the
 * rules core's own exchange): what each viewer is offered at each stage,
 * every button named and reached with the keyboard, the body diagram
 * naming the location it highlights.
 */

const renderer = createTemplateRenderer();
const localize = (key: string, data?: Readonly<Record<string, string | number>>) =>
  data ? renderer.i18n.format(key, data as Record<string, string>) : renderer.i18n.localize(key);

const GM: CardViewer = { isGM: true, ownsDefender: false };
const DEFENDER: CardViewer = { isGM: false, ownsDefender: true };
const OTHER: CardViewer = { isGM: false, ownsDefender: false };

const fighter = (id: string, name: string): ShareneFighter => ({
  id,
  name,
  dex: 12,
  agi: 14,
  end: 12,
  lifePoints: 30,
  damageBonus: "0",
  dodge: 12,
  armor: {},
  weapon: {
    id: "sword",
    name: "Sword",
    kind: "melee",
    attack: 13,
    parry: 12,
    damage: { slash: "1d8", thrust: "1d6" },
    mainBlow: "slash",
  },
  weaponArm: "rightArm",
});

const ARDEN = fighter("arden", "Arden");
const COLE = fighter("cole", "Cole");
const attackDn = difficultyNumber(13, [], SHARENE_DEFAULTS);
const parryDn = difficultyNumber(12, [{ source: "firstOfSeveral", df: -2 }], SHARENE_DEFAULTS);

function card(patch: Partial<ShareneExchangeCard> = {}): ShareneExchangeCard {
  return {
    ruleset: "sharene",
    revision: 0,
    stage: "awaitDefense",
    rollMode: "publicroll",
    combatId: "combat",
    round: 1,
    attacker: { combatantId: "arden", actorUuid: "Actor.arden", name: "Arden" },
    defender: { combatantId: "cole", actorUuid: "Actor.cole", name: "Cole" },
    weaponName: "Sword",
    riposte: false,
    answers: null,
    riposteCard: null,
    riposteState: "none",
    situations: [],
    defenseSituations: [],
    offer: { dn: attackDn },
    defenses: [
      { defense: "parry", dn: parryDn },
      { defense: "dodge", dn: difficultyNumber(12, [], SHARENE_DEFAULTS) },
    ],
    defense: null,
    exchange: null,
    effects: [],
    deltas: [],
    ...patch,
  };
}

/** The card once rolled: attack 6 (high), parry 15 (failed), a slash (d10 2) to the right arm (d20 4) for 7. */
function hit(patch: Partial<ShareneExchangeCard> = {}): ShareneExchangeCard {
  const exchange = rollExchange(
    {
      attacker: ARDEN,
      defender: COLE,
      defenderCondition: { lifePoints: 30, wounds: {}, statuses: new Set() },
      riposte: false,
      attackDn,
      defense: { kind: "parry", dn: parryDn },
      statedBlow: null,
      called: null,
    },
    new ScriptedDice([6, 15, 2, 4, 7]),
  );
  return card({
    revision: 1,
    stage: "resolved",
    defense: "parry",
    exchange,
    effects: exchange.effects,
    ...patch,
  });
}

function render(data: ShareneExchangeCard, viewer: CardViewer) {
  const html = renderer.render(SHARENE_EXCHANGE_TEMPLATE, shareneExchangeView(data, viewer, localize));
  return { html, root: parse(html) };
}

const intents = (root: ReturnType<typeof parse>) =>
  byTag(root, "button").map((b) => [b.attribs["data-card-intent"], b.attribs["data-card-data"] ?? null]);

describe("Sharene's exchange card, waiting on the defense", () => {
  it("offers the defender's owner each open defense with its DN, and no defense; named buttons, by keyboard", () => {
    const { html, root } = render(card(), DEFENDER);
    expect(intents(root)).toEqual([
      ["defend", '{"choice":"parry"}'],
      ["defend", '{"choice":"dodge"}'],
      ["defend", '{"choice":"none"}'],
    ]);
    expect(byTag(root, "button").map((b) => text(b).trim())).toEqual([
      "Parry (DN 10)",
      "Dodge (DN 12)",
      "No defense",
    ]);
    expect(text(byClass(root, "sharene-card__dn"))).toMatch(/DN\s+13/);
    expect(byAttr(root, "role", "group")[0]?.attribs["aria-label"]).toBe("Cole: meet the blow with");
    expect([badButtons(html), unlabelledControls(html), mouseOnlyActions(html), duplicateIds(html)]).toEqual([
      [],
      [],
      [],
      [],
    ]);
  });

  it("shows the attacker's player and a stranger the card without buttons", () => {
    const { root } = render(card(), OTHER);
    expect(byTag(root, "button")).toEqual([]);
    expect(text(byClass(root, "sharene-card__waiting"))).toBe("Cole chooses how to meet the blow.");
  });

  it("offers only the defenses still open when the round gives fewer", () => {
    const view = shareneExchangeView(card(), GM, localize, { defenses: [] });
    const root = parse(renderer.render(SHARENE_EXCHANGE_TEMPLATE, view));
    expect(intents(root)).toEqual([["defend", '{"choice":"none"}']]);
  });
});

describe("the Success Levels compared", () => {
  it("SHA-STY-5: above, level or below the attack's; nothing when both fail or without a defense", () => {
    const roll = (success: boolean, level: "normal" | "high" | "special" | null) =>
      ({ dn: 12, roll: 5, success, margin: 0, level, criticalFailure: false, critical: false }) as const;
    expect(comparedLevels(roll(true, "high"), roll(true, "special"), localize)).toMatch(/above/);
    expect(comparedLevels(roll(true, "high"), roll(true, "high"), localize)).toMatch(/level with/);
    expect(comparedLevels(roll(true, "special"), roll(true, "normal"), localize)).toMatch(/below/);
    expect(comparedLevels(roll(false, null), roll(true, "normal"), localize)).toMatch(/above/);
    expect(comparedLevels(roll(false, null), roll(false, null), localize)).toBe("");
    expect(comparedLevels(roll(true, "high"), null, localize)).toBe("");
  });
});

describe("Sharene's exchange card, rolled", () => {
  it("shows both d20s and their levels, the outcome, the blow, the location on the body and the damage", () => {
    const { html, root } = render(hit(), DEFENDER);
    const rolls = text(byClass(root, "sharene-card__rolls"));
    expect(rolls).toMatch(/d20\s+6\s+\/\s+DN 13: high success/);
    expect(rolls).toMatch(/d20\s+15\s+\/\s+DN 10: failure/);
    expect(rolls).toContain("first of several −2");
    expect(text(byClass(root, "sharene-card__outcome"))).toBe("The blow gets through");
    // A failed parry has no level: the attack's is above it.
    expect(text(byClass(root, "sharene-card__compared"))).toBe(
      "The defense's Success Level is below the attack's.",
    );
    expect(text(byClass(root, "sharene-card__location"))).toBe("Location: Right arm (d20: 4)");
    expect(text(byClass(root, "sharene-card__life"))).toBe("Cole: 30 → 23 life points");
    const hitParts = byClass(root, "sharene-body__part--hit");
    expect(hitParts.map((g) => g.attribs["data-location"])).toEqual(["rightArm"]);
    expect(byTag(root, "svg")[0]?.attribs["aria-label"]).toBe("Location: Right arm (d20: 4)");
    // The defender applies nothing: no button.
    expect(byTag(root, "button")).toEqual([]);
    expect(badButtons(html)).toEqual([]);
  });

  it("names a rolled blow the weapon lacks as its main blow, not as the one rolled", () => {
    const spear: ShareneFighter = {
      ...ARDEN,
      weapon: { ...ARDEN.weapon, name: "Spear", damage: { thrust: "1d6" }, mainBlow: "thrust" },
    };
    // Attack 6, parry 15 (failed), the d10 2 (a slash, which a spear lacks), the right arm (d20 4), 1d6 4.
    const exchange = rollExchange(
      {
        attacker: spear,
        defender: COLE,
        defenderCondition: { lifePoints: 30, wounds: {}, statuses: new Set() },
        riposte: false,
        attackDn,
        defense: { kind: "parry", dn: parryDn },
        statedBlow: null,
        called: null,
      },
      new ScriptedDice([6, 15, 2, 4, 4]),
    );
    expect(exchange.damage?.blow).toEqual({ blow: "thrust", roll: 2, fellBack: true });
    const { root } = render(hit({ exchange, effects: exchange.effects }), GM);
    expect(text(byClass(root, "sharene-card__damage"))).toContain(
      "A thrust, the weapon's main blow (the d10 rolled 2, a blow this weapon lacks)",
    );
    expect(text(byClass(render(hit(), GM).root, "sharene-card__damage"))).toContain(
      "A slash (the d10 rolled 2)",
    );
  });

  it("names the lost attack of a critical failure only where the world's rules take it", () => {
    const exchange = rollExchange(
      {
        attacker: ARDEN,
        defender: COLE,
        defenderCondition: { lifePoints: 30, wounds: {}, statuses: new Set() },
        riposte: false,
        attackDn,
        defense: { kind: "parry", dn: parryDn },
        statedBlow: null,
        called: null,
      },
      new ScriptedDice([20, 15]),
    );
    const fumbled = hit({ exchange, effects: [] });
    const rolls = (criticalFailure?: "loseNextAttack" | "none") =>
      text(
        byClass(
          parse(
            renderer.render(
              SHARENE_EXCHANGE_TEMPLATE,
              shareneExchangeView(fumbled, GM, localize, criticalFailure ? { criticalFailure } : {}),
            ),
          ),
          "sharene-card__rolls",
        ),
      );
    expect(rolls()).toContain("critical failure: the next attack is lost");
    expect(rolls("loseNextAttack")).toContain("critical failure: the next attack is lost");
    expect(rolls("none")).toContain("critical failure");
    expect(rolls("none")).not.toContain("next attack");
  });

  it("says when a DN's parts add up past the rules' bounds and the DF is held", () => {
    // A riposte after a failed parry against a full attack, its blow stated: −8 −4 −2 = −14, held at −10.
    const held = difficultyNumber(
      15,
      [
        { source: "riposte:failed", df: -8 },
        { source: "parriedFullAttack", df: -4 },
        { source: "statedBlow", df: -2 },
      ],
      SHARENE_DEFAULTS,
    );
    expect(held.dn).toBe(5);
    const waiting = text(byClass(render(card({ offer: { dn: held } }), GM).root, "sharene-card__dn"));
    expect(waiting).toContain("stated blow −2; DF held at −10)");
    expect(text(byClass(render(card(), GM).root, "sharene-card__dn"))).not.toContain("held");
  });

  it("says that a riposte's blow counts only part of the weapon and bonus", () => {
    const share = (card: ShareneExchangeCard) =>
      byClass(render(card, GM).root, "sharene-card__riposte-share");
    expect(share(hit())).toEqual([]);
    expect(text(share(hit({ riposte: true })))).toBe("A riposte counts only part of the weapon and bonus.");
  });

  it("offers the GM Apply, then Undo once applied", () => {
    expect(intents(render(hit(), GM).root)).toEqual([["apply", null]]);
    expect(intents(render(hit({ stage: "applied" }), GM).root)).toEqual([["undo", null]]);
    expect(intents(render(hit({ stage: "applied" }), DEFENDER).root)).toEqual([]);
  });

  it("offers the riposte's yes and no to the parrier's owner alone while it waits", () => {
    const waiting = hit({ riposteState: "waiting" });
    expect(intents(render(waiting, DEFENDER).root)).toEqual([
      ["riposte", null],
      ["decline", null],
    ]);
    const other = render(waiting, OTHER).root;
    expect(byTag(other, "button")).toEqual([]);
    expect(text(byClass(other, "sharene-card__riposte"))).toBe(
      "Cole may riposte against Arden; the turn waits for the answer.",
    );
  });

  it("every word is in lang/en.json", () => {
    for (const data of [card(), hit({ riposteState: "waiting" }), hit({ stage: "applied" })])
      for (const viewer of [GM, DEFENDER, OTHER]) render(data, viewer);
    expect([...renderer.i18n.missing]).toEqual([]);
  });
});
