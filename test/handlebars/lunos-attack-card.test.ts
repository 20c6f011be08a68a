import "../foundry/setup";
import { describe, expect, it } from "vitest";
import { ScriptedDice } from "../../src/rules/kernel/dice";
import { LUNOS_DEFAULTS } from "../../src/rules/lunos/config";
import { rollPool } from "../../src/rules/lunos/pool";
import {
  attackDialogContext,
  LUNOS_ATTACK_DIALOG,
  parseAttackAnswers,
} from "../../src/rulesets/lunos/apps/attack/attack-dialog";
import type { LunosAttackCard } from "../../src/rulesets/lunos/chat/attack-state";
import {
  type CardViewer,
  LUNOS_ATTACK_TEMPLATE,
  lunosAttackView,
} from "../../src/rulesets/lunos/chat/attack-view";
import {
  lunosApplied,
  lunosArmorStops,
  lunosCard,
  lunosChoke,
  lunosDisarmCaught,
  lunosMissed,
  lunosResolved,
} from "../support/lunos-card-fixtures";
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
 * Lunos's attack card and its dialog, rendered from their real templates
 * with the real Handlebars and lang/en.json, from plain data (the card as
 * stored, the rules core's own roll and outcome): the pool's dice with the
 * luck die apart, what each viewer is offered at each stage, every control
 * named and reached with the keyboard.
 */

const renderer = createTemplateRenderer();
const localize = (key: string, data?: Readonly<Record<string, string | number>>) =>
  data ? renderer.i18n.format(key, data as Record<string, string>) : renderer.i18n.localize(key);

const GM: CardViewer = { isGM: true, ownsAttacker: false };
const OWNER: CardViewer = { isGM: false, ownsAttacker: true };
const OTHER: CardViewer = { isGM: false, ownsAttacker: false };

const card = lunosCard;
const resolved = lunosResolved;

function render(data: LunosAttackCard, viewer: CardViewer) {
  const html = renderer.render(LUNOS_ATTACK_TEMPLATE, lunosAttackView(data, viewer, localize));
  return { html, root: parse(html) };
}

const a11y = (html: string) => [
  badButtons(html),
  unlabelledControls(html),
  mouseOnlyActions(html),
  duplicateIds(html),
];

describe("Lunos's attack card, rolled", () => {
  it("shows the pool's dice with the luck die apart, and each target's defense, difficulty and extra successes", () => {
    const { root } = render(card(), OTHER);
    expect(text(byClass(root, "lunos-card__title"))).toContain("Al attacks with the Club");
    const dice = byClass(root, "lunos-card__die");
    expect(dice.map((d) => d.attribs["aria-label"])).toEqual([
      "4, a success",
      "4, a success",
      "4, a success",
      "2, no success",
      "Luck die: 7",
    ]);
    expect(byClass(root, "lunos-card__die--luck").map((d) => text(d))).toEqual(["7"]);
    expect(text(byClass(root, "lunos-card__successes"))).toContain("4 successes");
    expect(byClass(root, "lunos-card__target").map((t) => text(t))).toEqual([
      "Bo: defense 1, needs 2: hit, 2 to spend",
      "Cy: defense 0, needs 1: hit, 3 to spend",
    ]);
  });

  it("offers the attacker's owner and a GM the maneuver menu, each labelled with its cost; by keyboard", () => {
    for (const viewer of [OWNER, GM]) {
      const { html, root } = render(card(), viewer);
      const legends = byTag(root, "legend").map((l) => text(l));
      expect(legends).toEqual(["On Bo (2 to spend)", "On Cy (3 to spend)"]);
      const labels = byTag(root, "label").map((l) => text(l));
      expect(labels).toContain("push (costs 2)");
      expect(labels).toContain("stun (costs 3)");
      expect(labels).toContain("Catch the weapon instead of flinging it");
      // Increase damage may be bought again: a number; the others once: a box.
      expect(byAttr(root, "data-lunos-buy", "bo:increaseDamage")[0]?.attribs.type).toBe("number");
      expect(byAttr(root, "data-lunos-buy", "bo:push")[0]?.attribs).toMatchObject({
        type: "number",
        max: "2",
      });
      expect(byAttr(root, "data-lunos-buy", "cy:trip")[0]?.attribs.type).toBe("checkbox");
      // Bo's two extra successes do not reach a Stun: only Cy's menu has it.
      expect(byAttr(root, "data-lunos-buy", "bo:stun")).toEqual([]);
      expect(byTag(root, "button").map((b) => text(b).trim())).toEqual(["Spend and strike"]);
      expect(a11y(html)).toEqual([[], [], [], []]);
    }
  });

  it("LUN-MNV-2: names the free successes a declared maneuver brings on its offer", () => {
    const declared = card({ attack: { ...card().attack, declared: "trip" } });
    const free = { ...declared, pending: { ...declared.pending!, declared: "trip" as const, free: 1 } };
    const labels = byTag(render(free, OWNER).root, "label").map((l) => text(l));
    expect(labels).toContain("trip (costs 3, 1 of it free as declared)");
    expect(labels).toContain("stun (costs 3)");
  });

  it("shows anyone else the card without a control", () => {
    const { root } = render(card(), OTHER);
    expect(byTag(root, "button")).toEqual([]);
    expect(byTag(root, "input")).toEqual([]);
    expect(text(byClass(root, "lunos-card__waiting"))).toBe("Waiting for Al to spend the extra successes.");
  });
});

describe("Lunos's attack card, resolved", () => {
  it("shows each target's outcome; Apply for a GM only, Undo once applied", () => {
    const { html, root } = render(resolved(), GM);
    const outcomes = byClass(root, "lunos-card__outcome").map((o) => text(o).replace(/\s+/g, " ").trim());
    expect(outcomes[0]).toContain("Bo is hit");
    expect(outcomes[0]).toContain("push");
    expect(outcomes[0]).toContain("Bo is pushed 5 feet");
    expect(outcomes[1]).toContain("Cy is hit");
    expect(byTag(root, "button").map((b) => b.attribs["data-card-intent"])).toEqual(["apply"]);
    expect(a11y(html)).toEqual([[], [], [], []]);
    expect(byTag(render(resolved(), OWNER).root, "button")).toEqual([]);
    const applied = render(resolved({ stage: "applied", revision: 2 }), GM).root;
    expect(byTag(applied, "button").map((b) => b.attribs["data-card-intent"])).toEqual(["undo"]);
    expect(text(byClass(applied, "lunos-card__applied"))).toBe("Applied to the sheets.");
  });
});

describe("Lunos's attack card at its other stages", () => {
  const outcomeTexts = (root: ReturnType<typeof parse>) =>
    byClass(root, "lunos-card__outcome").map((o) => text(o).replace(/\s+/g, " ").trim());

  it("a miss on both targets: each missed, nothing to apply", () => {
    const { root } = render(lunosMissed(), GM);
    expect(outcomeTexts(root)).toEqual(["Bo is missed", "Cy is missed"]);
    expect(byTag(root, "button")).toEqual([]);
  });

  it("LUN-MNV-3: a disarm that catches the weapon says so on the card", () => {
    const { html, root } = render(lunosDisarmCaught(), GM);
    expect(text(byClass(root, "lunos-card__attack"))).toContain("declared for disarm, forgoing its damage");
    expect(text(byClass(root, "lunos-card__caught"))).toBe("Al catches Bo's weapon");
    expect(a11y(html)).toEqual([[], [], [], []]);
  });

  it("LUN-GRP-3: in a grapple the check stands for the roll; a choke names its clock from the victim's Body", () => {
    const check = render(lunosChoke("spend"), OWNER).root;
    expect(text(byClass(check, "lunos-card__grapple"))).toBe("The grapple check stands for this roll.");
    expect(byClass(check, "lunos-card__die")).toEqual([]);
    expect(byAttr(check, "data-lunos-buy", "bo:choke")).toHaveLength(1);
    const { root } = render(lunosChoke(), GM);
    // Body 2: two minutes of six-second rounds.
    expect(text(byClass(root, "lunos-card__choke"))).toBe("Bo is choked: out in 20 rounds unless freed");
  });

  it("a private or blind roll is named on the card; a public one is not", () => {
    expect(text(byClass(render(lunosCard({ rollMode: "blindroll" }), GM).root, "lunos-card__mode"))).toBe(
      "Blind GM roll",
    );
    expect(text(byClass(render(lunosCard({ rollMode: "gmroll" }), GM).root, "lunos-card__mode"))).toBe(
      "Private GM roll",
    );
    expect(byClass(render(lunosCard(), GM).root, "lunos-card__mode")).toEqual([]);
  });

  it("applied: a player sees the outcome and no button; the GM has Undo", () => {
    const player = render(lunosApplied(), OTHER).root;
    expect(byTag(player, "button")).toEqual([]);
    expect(text(byClass(player, "lunos-card__applied"))).toBe("Applied to the sheets.");
    expect(
      byTag(render(lunosApplied(), GM).root, "button").map((b) => b.attribs["data-card-intent"]),
    ).toEqual(["undo"]);
  });
});

describe("Lunos's attack card: a push, a threat's strike", () => {
  it("LUN-MNV-3: a push that moves no token (none on the scene, or held in a grapple) says so", () => {
    const data = resolved();
    const bare = resolved({ effects: data.effects.filter((e) => e.kind !== "ruleset") });
    const outcome = (d: LunosAttackCard) =>
      text(byClass(render(d, GM).root, "lunos-card__outcome")[0]!).replace(/\s+/g, " ");
    expect(outcome(data)).not.toContain("no token moves");
    expect(outcome(bare)).toContain(
      "Bo is pushed 5 feet, but no token moves (none on the scene, or held in a grapple)",
    );
  });

  it("LUN-MNV-3: a threat's strike shows no dice: the margin held stands for the roll; the menu as an attack's", () => {
    const strike = card({
      attack: {
        kind: "attack",
        skill: "weapon",
        declared: null,
        forgoDamage: false,
        poolDie: 6,
        luckDie: 12,
        threat: { by: "al", target: "bo", margin: 3, since: 1 },
      },
      faces: [],
      luck: 0,
    });
    const { html, root } = render(strike, OWNER);
    expect(a11y(html)).toEqual([[], [], [], []]);
    expect(text(byTag(root, "h3"))).toBe("Al strikes with the threat held");
    expect(byClass(root, "lunos-card__die")).toEqual([]);
    expect(text(byClass(root, "lunos-card__held"))).toBe(
      "The threat holds 3 successes: they stand for the roll.",
    );
    expect(byAttr(root, "data-lunos-spend")).toHaveLength(1);
    expect(renderer.i18n.missing).toEqual(new Set());
  });
});

describe("Lunos's attack dialog", () => {
  const facts = {
    attackerName: "Al",
    weaponName: "Club",
    targets: [
      { id: "bo", name: "Bo" },
      { id: "cy", name: "Cy" },
    ],
    skills: ["weapon", "brawl"] as const,
    planned: { targets: ["bo"], declared: null },
    extraTargetDice: 1,
    rollMode: "publicroll",
    rollModes: { publicroll: "CHAT.RollPublic", gmroll: "CHAT.RollPrivate" },
  };

  it("labels every control, ticks the declared targets, offers only maneuvers that may be declared", () => {
    const html = renderer.render(
      LUNOS_ATTACK_DIALOG,
      attackDialogContext({ ...facts, skills: [...facts.skills] }, localize, "d"),
    );
    const root = parse(html);
    expect(byAttr(root, "name", "target-bo")[0]?.attribs.checked).toBeDefined();
    expect(byAttr(root, "name", "target-cy")[0]?.attribs.checked).toBeUndefined();
    const options = byTag(root, "option").map((o) => o.attribs.value);
    expect(options).not.toContain("increaseDamage");
    expect(options).not.toContain("coupDeGrace");
    expect(options).toContain("trip");
    expect([unlabelledControls(html), duplicateIds(html)]).toEqual([[], []]);
  });

  it("with nothing in hand, says the attack is bare-handed", () => {
    const context = attackDialogContext({ ...facts, weaponName: "", skills: ["brawl"] }, localize, "d");
    expect(context.title).toBe("Al attacks bare-handed");
    expect(attackDialogContext({ ...facts, skills: [...facts.skills] }, localize, "d").title).toBe(
      "Al attacks with the Club",
    );
  });

  it("reads its answers, dropping what it did not offer", () => {
    const f = { ...facts, skills: [...facts.skills] };
    expect(
      parseAttackAnswers(
        { "target-cy": "1", "target-zed": "1", skill: "archery", declared: "coupDeGrace", forgoDamage: "1" },
        f,
      ),
    ).toEqual({
      targets: ["cy"],
      skill: "weapon",
      declared: null,
      // Kept as ticked: the attack then says forgoing needs a declared maneuver, rather than dropping it unsaid.
      forgoDamage: true,
      rollMode: "publicroll",
    });
    expect(
      parseAttackAnswers(
        { "target-bo": "1", skill: "brawl", declared: "trip", forgoDamage: "1", rollMode: "gmroll" },
        f,
      ),
    ).toEqual({ targets: ["bo"], skill: "brawl", declared: "trip", forgoDamage: true, rollMode: "gmroll" });
  });
});

describe("Lunos's attack card, an empty pool", () => {
  it("the luck die alone succeeds only on its top face: a 9 is drawn as no success", () => {
    // Penalties took every die: the core rolls the luck die alone, and only a 12 counts.
    const roll = rollPool(0, 0, 0, new ScriptedDice([9]), LUNOS_DEFAULTS);
    const base = card();
    const empty = card({ faces: [], luck: 9, pending: { ...base.pending!, roll } });
    const { root } = render(empty, OTHER);
    expect(byClass(root, "lunos-card__die--success")).toEqual([]);
    expect(byClass(root, "lunos-card__die--luck")[0]?.attribs["aria-label"]).toBe("Luck die: 9");
    expect(text(byClass(root, "lunos-card__successes"))).toContain("0 successes");
    // A pool of one die keeps the luck die's usual half: a 9 succeeds there.
    const one = rollPool(1, 0, 0, new ScriptedDice([9]), LUNOS_DEFAULTS);
    const single = render(card({ faces: [], luck: 9, pending: { ...base.pending!, roll: one } }), OTHER).root;
    expect(byClass(single, "lunos-card__die--success")).toHaveLength(1);
  });
});

describe("Lunos's attack card, what is left to do", () => {
  it("before Apply, a player reads that the GM has still to apply the blow", () => {
    for (const viewer of [OWNER, OTHER])
      expect(text(byClass(render(resolved(), viewer).root, "lunos-card__waiting"))).toBe(
        "Waiting for the GM to apply it.",
      );
    expect(byClass(render(resolved(), GM).root, "lunos-card__waiting")).toEqual([]);
  });

  it("a hit that armor and Body stop entirely says that nothing gets through and that there is nothing to apply", () => {
    const stopped = lunosArmorStops();
    expect(stopped.outcomes).toMatchObject([{ hit: true, damage: { points: 0 } }]);
    for (const viewer of [GM, OTHER]) {
      const { root } = render(stopped, viewer);
      expect(text(byClass(root, "lunos-card__damage"))).toBe("No damage gets through.");
      expect(text(byClass(root, "lunos-card__nothing"))).toBe(
        "Nothing to apply: the sheets stay as they are.",
      );
      expect(byTag(root, "button")).toEqual([]);
      expect(byClass(root, "lunos-card__waiting")).toEqual([]);
    }
    // One success is one, not "1 successes".
    expect(text(byClass(render(stopped, GM).root, "lunos-card__successes"))).toBe("1 success");
    // A blow that forwent its damage for a maneuver says nothing of the kind.
    expect(byClass(render(lunosDisarmCaught(), GM).root, "lunos-card__damage")).toEqual([]);
  });
});

describe("Lunos's attack dialog, a fighter in no grapple", () => {
  const facts = {
    attackerName: "Al",
    weaponName: "Club",
    targets: [{ id: "bo", name: "Bo" }],
    skills: ["weapon", "brawl"] as ("weapon" | "brawl")[],
    planned: { targets: ["bo"], declared: null },
    extraTargetDice: 1,
    rollMode: "publicroll",
    rollModes: { publicroll: "CHAT.RollPublic" },
  };
  const offered = (grappling: boolean) =>
    byAttr(
      parse(
        renderer.render(LUNOS_ATTACK_DIALOG, attackDialogContext({ ...facts, grappling }, localize, "d")),
      ),
      "name",
      "declared",
    )
      .flatMap((select) => byTag(select, "option"))
      .map((o) => o.attribs.value);

  it("offers Pin and Choke only to a fighter in a grapple, and drops them from another's answers", () => {
    expect(offered(false)).not.toContain("pin");
    expect(offered(false)).not.toContain("choke");
    expect(offered(true)).toEqual(expect.arrayContaining(["pin", "choke", "trip"]));
    expect(
      parseAttackAnswers({ "target-bo": "1", declared: "choke" }, { ...facts, grappling: false }).declared,
    ).toBe(null);
    expect(
      parseAttackAnswers({ "target-bo": "1", declared: "choke" }, { ...facts, grappling: true }).declared,
    ).toBe("choke");
  });
});

describe("Lunos's attack card, the levels taken", () => {
  it("says them out of the target's levels when its sheet is at hand, and alone when it is not; as to come until applied", () => {
    // Bo's and Cy's sheets: Body 2, seven levels each.
    const levels = (uuid: string) => (uuid === "Actor.bo" || uuid === "Actor.cy" ? 7 : null);
    const html = renderer.render(LUNOS_ATTACK_TEMPLATE, lunosAttackView(resolved(), GM, localize, levels));
    expect(byClass(parse(html), "lunos-card__levels").map((l) => text(l))).toEqual([
      "Once applied, Bo will have 4 of 7 levels taken",
      "Once applied, Cy will have 5 of 7 levels taken",
    ]);
    expect(byClass(render(resolved(), GM).root, "lunos-card__levels").map((l) => text(l))).toEqual([
      "Once applied, Bo will have 4 levels taken",
      "Once applied, Cy will have 5 levels taken",
    ]);
    // Applied, the card says what the sheets now hold.
    const applied = renderer.render(
      LUNOS_ATTACK_TEMPLATE,
      lunosAttackView({ ...resolved(), stage: "applied" }, GM, localize, levels),
    );
    expect(byClass(parse(applied), "lunos-card__levels").map((l) => text(l))).toEqual([
      "Bo has 4 of 7 levels taken",
      "Cy has 5 of 7 levels taken",
    ]);
  });
});
