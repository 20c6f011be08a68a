import "../../../../test/foundry/setup";
import { describe, expect, it } from "vitest";
import { exchangePreviewStates } from "../../../../test/preview/fixtures/exchange-card";
import { previewLocalize } from "../../../../test/preview/fixtures/page";
import { emptyDefenseUsage } from "../../../rules/fangs/defenses";
import { DEFENSE_CHOICES, type DefenseQuestion, declareDefense, offeredDefenses } from "./defense-options";
import { exchangeCardView, type Viewer } from "./exchange-view";

/**
 * The card as each viewer sees it, at every stage (the preview's states,
 * reached through the rules core and the state machine), and the defenses
 * offered to a defender, read from an actor as Foundry prepares it.
 */

const GM: Viewer = { isGM: true, ownsAttacker: false, ownsTarget: false };
const ATTACKER: Viewer = { isGM: false, ownsAttacker: true, ownsTarget: false };
const DEFENDER: Viewer = { isGM: false, ownsAttacker: false, ownsTarget: true };
const STRANGER: Viewer = { isGM: false, ownsAttacker: false, ownsTarget: false };

const states = new Map(exchangePreviewStates().map((s) => [s.id, s]));
function view(id: string, viewer: Viewer, withOffers = true) {
  const shown = states.get(id);
  if (!shown) throw new Error(`no preview state ${id}`);
  return exchangeCardView(shown.state(), viewer, previewLocalize, {
    offers: withOffers ? (shown.offers ?? null) : null,
    userName: () => "Gamemaster",
  });
}
const actions = (v: ReturnType<typeof view>) => v.actions.map((a) => a.action);

describe("the card's buttons, per viewer and stage", () => {
  it("offers the defenses to the defender and the GM only, each disabled one with its reason", () => {
    const mine = view("attackRolled", DEFENDER);
    expect(mine.defenses.map((d) => [d.choice, d.disabled])).toEqual([
      ["dodge", false],
      ["weaponParry", false],
      ["shieldParry", true],
      ["none", false],
    ]);
    expect(mine.defenses[1]?.label).toBe("Parry with Shortsword (12)");
    expect(mine.defenses[2]?.tooltip).toBe(previewLocalize("FANGS.Rules.Defense.Refusal.NoShield"));
    expect(actions(mine)).toEqual([]);
    expect(view("attackRolled", GM).defenses).toHaveLength(4);
    expect(actions(view("attackRolled", GM))).toEqual(["cancel"]);
    expect(view("attackRolled", ATTACKER).hasButtons).toBe(false);
    expect(view("attackRolled", STRANGER).hasButtons).toBe(false);
  });

  it("lets either party roll the damage", () => {
    expect(actions(view("defenseRolled", ATTACKER))).toEqual(["rollDamage"]);
    expect(actions(view("defenseChosen", DEFENDER))).toEqual(["rollDamage"]);
    expect(actions(view("defenseRolled", STRANGER))).toEqual([]);
  });

  it("has players ask the GM to apply, and gives the GM apply and call off", () => {
    const asked = view("damageRolled", DEFENDER).actions;
    expect(asked.map((a) => [a.action, a.label])).toEqual([["apply", "Ask the GM to apply"]]);
    expect(view("damageRolled", GM).actions.map((a) => [a.action, a.label])).toEqual([
      ["apply", "Apply"],
      ["cancel", "Call off"],
    ]);
  });

  it("gives the undo to the GM only, and applying again after it", () => {
    expect(actions(view("applied", GM))).toEqual(["undo"]);
    expect(view("applied", DEFENDER).hasButtons).toBe(false);
    expect(view("undone", GM).actions.map((a) => a.label)).toEqual(["Apply again"]);
  });

  it("NC-DMG-21: gives the GM the fumble's rulings with the Luck roll's suggestion marked", () => {
    const gm = view("fumbled", GM);
    expect(gm.fumbleOptions.map((o) => o.choice)).toEqual(["hitAnother", "hitSelf", "dropWeapon"]);
    expect(gm.fumbleOptions.filter((o) => o.css.includes("suggested")).map((o) => o.choice)).toEqual([
      "hitSelf",
    ]);
    expect(gm.fumble?.suggestion).toBe("The Luck roll suggests: Hits the attacker.");
    expect(view("fumbled", ATTACKER).fumbleOptions).toEqual([]);
  });

  it("NC-SUB-3: names the fumbler as the one who loses the points when the fumble hits the attacker", () => {
    const lines = view("fumbleRuledHarm", GM).damage?.lines.map((l) => l.text) ?? [];
    expect(lines).toContain("Gru loses 6 Stun and 2 HP.");
    expect(lines.some((l) => l.startsWith("Pirate Jenny loses"))).toBe(false);
  });

  it("NC-DEF-4: says the follow-up is open while a Dodge Past's second chance waits, and over once taken", () => {
    const open = view("dodgePastSecondChance", ATTACKER);
    expect(open.status).toBe(previewLocalize("FANGS.Chat.Status.FollowUpOpen"));
    expect(actions(open)).toContain("takeFreeAttack");
    expect(view("resolved", GM).status).toBe(previewLocalize("FANGS.Chat.Status.Resolved"));
  });

  it("leaves nothing to click on a closed card", () => {
    for (const id of ["resolved", "declined", "cancelled"]) {
      for (const viewer of [GM, ATTACKER, DEFENDER]) expect(view(id, viewer).hasButtons).toBe(false);
    }
  });
});

describe("the card's words", () => {
  it("has every text translated and no broken value, at every stage and for every viewer", () => {
    for (const id of states.keys()) {
      for (const viewer of [GM, ATTACKER, DEFENDER, STRANGER]) {
        const text = JSON.stringify(view(id, viewer));
        expect(text).not.toMatch(/FANGS\.[A-Z]|\bundefined\b|\bNaN\b|\{[a-z]+\}/);
      }
    }
  });

  it("shows the second roll of a Critical and the applied changes with their stun check", () => {
    const applied = view("applied", GM);
    expect(applied.attack?.confirmation).toMatchObject({
      value: 5,
      note: "The second roll made it: a Critical.",
    });
    expect(applied.outcome?.label).toBe("Critical hit");
    expect(applied.application?.lines.map((l) => l.text)).toEqual([
      "Pirate Jenny: Stun 21 → 10",
      "Pirate Jenny: HP 11 → 5",
      "Pirate Jenny is now Stunned.",
      "The stunned fighter loses the next action.",
    ]);
    expect(applied.application?.checks[0]).toMatchObject({ natural: 3, total: 14, levelId: "failure" });
  });

  it("names the parrying item's wear", () => {
    expect(view("damageRolled", GM).damage?.lines.map((l) => l.text)).toEqual([
      "Damage rolled: 11",
      "Pirate Jenny loses 2 Stun and 1 HP.",
      "Shortsword loses 1 SP.",
    ]);
  });
});

/* -------------------------------------------- */
/*  Defenses offered                            */
/* -------------------------------------------- */

type ItemSource = { _id: string; name: string; type: string; system: Record<string, unknown> };

function skill(key: string, natural: number, bought: number): ItemSource {
  return {
    _id: `skill${key}`.padEnd(16, "0").slice(0, 16),
    name: key,
    type: "skill",
    system: { key, naturalAbility: String(natural), bought },
  };
}

/** Jenny as Foundry holds her: her model derives Dodge 17 (AG 14 + 4 bought − 1 armor) and her skills' totals. */
function defender(extra: ItemSource[] = []): Actor.Implementation {
  const Actor = CONFIG.Actor.documentClass as unknown as new (data: object) => Actor.Implementation;
  return new Actor({
    _id: "jenny00000000000",
    name: "Jenny",
    type: "character",
    system: {
      stunPoints: { value: 21 },
      hitPoints: { value: 11 },
      characteristics: { st: 10, ag: 14, co: 11, in: 10, pw: 10, sz: 10, ap: 10 },
      dodgeSkill: { bought: 4 },
    },
    items: [
      {
        _id: "sword00000000000",
        name: "Shortsword",
        type: "weapon",
        system: {
          equipped: true,
          offHand: false,
          kind: "melee",
          hands: "one",
          skill: "shortsword",
          damage: "1d6+1",
          itemSp: { value: 8, max: 8 },
        },
      },
      {
        _id: "leather000000000",
        name: "Leather",
        type: "armor",
        system: { armorProtection: 1, equipped: true },
      },
      skill("shortsword", 7, 5),
      skill("shieldParry", 5, 3),
      ...extra,
    ],
  });
}

const shield = (value: number, system: Record<string, unknown> = {}): ItemSource => ({
  _id: "shield0000000000",
  name: "Round Shield",
  type: "shield",
  system: { equipped: true, skill: "shieldParry", itemSp: { value, max: 8 }, ...system },
});

function question(overrides: Partial<DefenseQuestion> = {}): DefenseQuestion {
  return {
    defender: defender([shield(8)]),
    round: null,
    attackerId: "Actor.gru",
    mode: "strike",
    kind: "melee",
    shieldDamage: "1d6",
    twoWeapon: false,
    ...overrides,
  };
}

const allowedOf = (q: DefenseQuestion) =>
  offeredDefenses(q)
    .offers.filter((o) => o.allowed)
    .map((o) => o.choice);

describe("the defenses offered", () => {
  it("lists every choice, in order, with the skill each rolls with", () => {
    const answer = offeredDefenses(question());
    expect(answer.offers.map((o) => o.choice)).toEqual([...DEFENSE_CHOICES]);
    expect(answer.offers.map((o) => o.skill)).toEqual([17, 12, 8, null, null, null]);
    expect(answer.limited).toBe(false);
  });

  it("NC-DEF-1: against a shot missile only the dodge; against a thrown one also the shield", () => {
    expect(allowedOf(question({ kind: "missile" }))).toEqual(["dodge", "none"]);
    expect(allowedOf(question({ kind: "thrown" }))).toEqual(["dodge", "shieldParry", "none"]);
  });

  it("NC-GRP-1: a grapple is parried only with Grapple, and only by someone who has the skill", () => {
    expect(allowedOf(question({ mode: "grapple" }))).toEqual(["dodge", "none"]);
    const grappler = question({ mode: "grapple", defender: defender([skill("grapple", 8, 1)]) });
    expect(allowedOf(grappler)).toEqual(["dodge", "grappleParry", "none"]);
  });

  it("NC-DMG-8: refuses a parry with a shattered shield, saying why", () => {
    const answer = offeredDefenses(question({ defender: defender([shield(0)]) }));
    expect(answer.offers.find((o) => o.choice === "shieldParry")).toMatchObject({
      allowed: false,
      reasonKey: "FANGS.Chat.Rules.ItemShattered",
    });
  });

  it("NC-MAN-6: an All-Out-Attacker has no defense; NC-DEF-3: Move's one dodge is spent after one", () => {
    const usage = emptyDefenseUsage();
    const round = (maneuver: string, used = usage) => ({
      maneuver,
      usage: used,
      tradeShift: { parry: 0, dodge: 0 },
    });
    expect(allowedOf(question({ round: round("allOutAttack") }))).toEqual(["none"]);
    expect(allowedOf(question({ round: round("move") }))).toEqual([
      "dodge",
      "weaponParry",
      "shieldParry",
      "none",
    ]);
    expect(allowedOf(question({ round: round("move", { ...usage, dodges: 1 }) }))).toEqual([
      "weaponParry",
      "shieldParry",
      "none",
    ]);
    expect(offeredDefenses(question({ round: round("move") })).limited).toBe(true);
  });

  it("NC-TAC-3: a trade's lowered parry and dodge show on the offers", () => {
    const answer = offeredDefenses(
      question({
        round: { maneuver: "attack", usage: emptyDefenseUsage(), tradeShift: { parry: -3, dodge: -3 } },
      }),
    );
    expect(answer.offers.map((o) => o.skill)).toEqual([14, 9, 5, null, null, null]);
  });
});

describe("the offers under Draw Weapon and after a shield bash", () => {
  const round = (maneuver: string, extra: Record<string, unknown> = {}) => ({
    maneuver,
    usage: emptyDefenseUsage(),
    tradeShift: { parry: 0, dodge: 0 },
    ...extra,
  });
  const offer = (q: DefenseQuestion, choice: string) =>
    offeredDefenses(q).offers.find((o) => o.choice === choice);

  it("NC-MAN-20: readying her shield, Jenny is offered one parry with her Shortsword, not the shield, and no dodge", () => {
    const q = question({ round: round("drawWeapon", { readying: "offHand" }) });
    expect(allowedOf(q)).toEqual(["weaponParry", "none"]);
    expect(offer(q, "shieldParry")).toMatchObject({
      allowed: false,
      reasonKey: "FANGS.Rules.Defense.Refusal.BeingReadied",
    });
    expect(offer(q, "weaponParry")).toMatchObject({ allowed: true, itemName: "Shortsword" });
  });

  it("NC-MAN-13, NC-MAN-20: drawing her weapon, the shield parries once and the Shortsword not at all", () => {
    const q = question({ round: round("drawWeapon", { readying: "weapon" }) });
    expect(allowedOf(q)).toEqual(["shieldParry", "none"]);
    expect(offer(q, "weaponParry")).toMatchObject({ reasonKey: "FANGS.Rules.Defense.Refusal.BeingDrawn" });
  });

  it("NC-DEF-9: a shield that bashed is not offered to parry; its own bash figure is what a Critical parry would strike with", () => {
    const q = question({
      round: round("attack", { usage: { ...emptyDefenseUsage(), offHandAttacked: true } }),
    });
    expect(offer(q, "shieldParry")).toMatchObject({
      allowed: false,
      reasonKey: "FANGS.Rules.Defense.Refusal.ShieldBashed",
    });
    const spiked = shield(8, { bashDamage: "1d8" });
    const declared = declareDefense(question({ defender: defender([spiked]) }), "shieldParry");
    expect(declared.declaration.item?.damage).toBe("1d8");
  });
});

describe("dodging past on the card (NC-MAN-11, NC-DEF-4)", () => {
  function withPast(viewer: Viewer, dodgePast: boolean) {
    const shown = states.get("attackRolled")!;
    return exchangeCardView(shown.state(), viewer, previewLocalize, {
      offers: shown.offers ?? null,
      dodgePast,
    });
  }

  it("NC-MAN-11: a second dodge button, right after the dodge, when the defender may dodge past", () => {
    const choices = withPast(DEFENDER, true).defenses.map((d) => d.choice);
    expect(choices).toEqual(["dodge", "dodgePast", "weaponParry", "shieldParry", "none"]);
    expect(withPast(DEFENDER, true).defenses[1]?.label).toBe(
      `${previewLocalize("FANGS.Chat.DodgePast.Label")} (17)`,
    );
    expect(withPast(DEFENDER, false).defenses.map((d) => d.choice)).not.toContain("dodgePast");
  });

  it("NC-DEF-4: the second chance is the attacker's button, not the defender's", () => {
    const resolved = states.get("resolved")!.state();
    const state = {
      ...resolved,
      freeAttack: {
        attackerId: resolved.attacker.actorUuid,
        targetId: resolved.target.actorUuid,
        reasonKey: "FANGS.Chat.DodgePast.Offered",
        kind: "dodgePast" as const,
        taken: false,
      },
    };
    const mine = exchangeCardView(state, ATTACKER, previewLocalize);
    const second = mine.actions.find((a) => a.action === "takeFreeAttack");
    expect(second?.label).toBe(previewLocalize("FANGS.Chat.DodgePast.TakeSecondChance"));
    expect(mine.freeAttack).toBe(
      previewLocalize("FANGS.Chat.DodgePast.Offered", {
        name: state.target.name,
        attacker: state.attacker.name,
      }),
    );
    expect(exchangeCardView(state, DEFENDER, previewLocalize).actions.map((a) => a.action)).not.toContain(
      "takeFreeAttack",
    );
  });
});

describe("an autofire burst through a dodge", () => {
  it("NC-MAN-12: the banner says the hits got through, before and after the damage roll", () => {
    const awaiting = view("autofireThrough", ATTACKER).outcome;
    expect(awaiting?.label).toBe("Hits get through");
    expect(awaiting?.css).toBe("fangs-exchange__outcome--hit");
    const rolled = view("autofireHits", DEFENDER).outcome;
    expect(rolled?.label).toBe("3 hits get through");
    expect(rolled?.css).toBe("fangs-exchange__outcome--hit");
    expect(view("dodgePastSlippedBy", ATTACKER).outcome?.label).toBe("Dodged");
  });

  it("RHF-REC-1 (FANGS module): the recoil module's penalty, kept on the attack roll, is listed with the modifiers", () => {
    const shown = states.get("attackRolled")!.state();
    const lines = (state: typeof shown) =>
      exchangeCardView(state, GM, previewLocalize, { userName: () => "Gamemaster" }).modifiers.map(
        (l) => l.text,
      );
    const recoiled = { ...shown, attack: { ...shown.attack!, recoil: -4 } };
    expect(lines(recoiled)).toContain("Recoil −4");
    expect(lines(shown).some((l) => l.startsWith("Recoil"))).toBe(false);
  });

  it("RHF-AIM-1 (FANGS module): the aiming module's bonus, kept on the attack roll, is listed with the modifiers", () => {
    const shown = states.get("attackRolled")!.state();
    const aimed = { ...shown, attack: { ...shown.attack!, aim: 10 } };
    const lines = exchangeCardView(aimed, GM, previewLocalize, { userName: () => "Gamemaster" }).modifiers;
    expect(lines.map((l) => l.text)).toContain("Aimed +10");
  });

  it("NC-MAN-12: the damage shows each hit's roll and the armor each loses", () => {
    const lines = view("autofireHits", DEFENDER).damage?.lines.map((l) => l.text) ?? [];
    expect(lines[0]).toMatch(/^Hits: \d+, \d+, \d+ \(armor \d+ each\)$/);
    expect(lines.some((l) => l.startsWith("Damage rolled"))).toBe(false);
  });
});

describe("the card folds its details", () => {
  it("folds the rolls once the outcome stands, keeping level and total in the summary", () => {
    const applied = view("applied", GM);
    expect(applied.attack?.folded).toBe(true);
    expect(applied.attack?.summary).toBe("Critical success: 36");
    expect(view("attackRolled", DEFENDER).attack?.folded).toBe(false);
    expect(view("autofireHits", DEFENDER).defense?.folded).toBe(true);
  });

  it("keeps a status and a lost action in view, the pools' before and after folded", () => {
    const application = view("applied", GM).application;
    expect(application?.headline.map((l) => l.text)).toEqual([
      "Pirate Jenny is now Stunned.",
      "The stunned fighter loses the next action.",
    ]);
    expect(application?.detailsLabel).toBe("What changed");
    expect(application?.lines.some((l) => l.text.startsWith("Pirate Jenny: Stun"))).toBe(true);
  });
});
