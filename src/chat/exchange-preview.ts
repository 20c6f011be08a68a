import en from "../../lang/en.json";
import { ATTACK_DIALOG_TEMPLATE, attackDialogContext, type DialogFacts } from "../apps/attack/attack-dialog";
import { specialChoices, specialRecord } from "../apps/attack/plan";
import { autofireBurst, rollAutofireDamage } from "../rules/fangs/autofire";
import { assessBlow } from "../rules/fangs/consequences";
import { rollDamage, rollFumbleHit } from "../rules/fangs/damage";
import { FumbleResult } from "../rules/fangs/fumble";
import { decideOutcome, rollAttack, rollDefense } from "../rules/fangs/outcome";
import { attackOnWithdrawal, dodgePastAfterFirst } from "../rules/fangs/special-defenses";
import type {
  AttackDeclaration,
  CombatantState,
  DefenderProfile,
  DefenseChoice,
  DefenseDeclaration,
} from "../rules/fangs/types";
import { ScriptedDice } from "../rules/kernel/dice";
import type { DefenseOffer } from "./defense-options";
import {
  type Actor,
  type AppliedDelta,
  type AttackSetup,
  createAttacked,
  createDeclined,
  DODGE_PAST,
  type ExchangeEvent,
  type ExchangeState,
  type NewExchange,
  transition,
} from "./exchange-state";
import { EXCHANGE_TEMPLATE, exchangeCardView, type Localize, type Viewer } from "./exchange-view";

/**
 * The exchange card's preview pages, from data: Gru (Broadsword, skill 15,
 * DM +1) and Pirate Jenny (Shortsword 12, Dodge 17, leathers), every stage
 * of the card reached through the rules core with scripted dice and the
 * pure state machine, then drawn for a viewer by the card's own view. The
 * page objects have the shape of the build's preview pages
 * (test/preview/pages.ts), which lists this module as one more source.
 * Pages are named after the card's stage.
 */

const strings = en as Record<string, string>;

/** English strings with Foundry's {placeholder} formatting. */
export const previewLocalize: Localize = (key, data) => {
  const text = strings[key] ?? key;
  return data
    ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in data ? String(data[name]) : m))
    : text;
};

export interface ExchangePreviewPage {
  id: string;
  title: string;
  group: string;
  frame: "chat" | "sheet";
  classes: string[];
  width: number;
  parts: { id: string; template: string }[];
  context: () => object;
  expect: string[];
  theme?: "light" | "dark";
}

/* -------------------------------------------- */
/*  The two fighters                            */
/* -------------------------------------------- */

const GRU = {
  actorUuid: "Actor.gru0000000000001",
  tokenUuid: null,
  name: "Gru",
  img: "icons/svg/mystery-man.svg",
};
const JENNY = {
  actorUuid: "Actor.jenny000000000001",
  tokenUuid: null,
  name: "Pirate Jenny",
  img: "icons/svg/mystery-man.svg",
};

const gruState: CombatantState = {
  stunPoints: { value: 26, max: 26 },
  hitPoints: { value: 12, max: 12 },
  armorProtection: 3,
  co: 13,
  sz: 11,
  stunned: false,
};
const jennyState: CombatantState = {
  stunPoints: { value: 21, max: 21 },
  hitPoints: { value: 11, max: 11 },
  armorProtection: 1,
  co: 11,
  sz: 10,
  stunned: false,
};
const jenny: DefenderProfile = { ...jennyState, id: JENNY.actorUuid, damageModifier: 0 };

const broadsword: AttackDeclaration = {
  attacker: { id: GRU.actorUuid, st: 14, damageModifier: 1, luck: 9, state: gruState },
  weapon: {
    id: "broadsword000001",
    name: "Broadsword",
    damage: "1d8+2",
    itemSp: { value: 10, max: 10 },
    impales: false,
    hands: 1,
    kind: "melee",
    extendedReload: false,
    autofire: false,
  },
  skill: { natural: 8, bought: 7, total: 15 },
  modifiers: 0,
  extraDamageModifier: 0,
  mode: "strike",
  subdual: false,
};

/** NC-MAN-12: a burst weapon in Gru's hands, so a dodge that does not beat the attack by enough still lets hits through. */
const burstGun: AttackDeclaration = {
  ...broadsword,
  weapon: {
    ...broadsword.weapon,
    id: "burstgun00000001",
    name: "Burst gun",
    damage: "1d8",
    kind: "missile",
    autofire: true,
  },
  skill: { natural: 8, bought: 6, total: 14 },
};

/** Gru as the victim of his own fumbled blow. */
const gru: DefenderProfile = { ...gruState, id: GRU.actorUuid, damageModifier: 1 };

const shortsword = {
  id: "shortsword000001",
  name: "Shortsword",
  type: "weapon" as const,
  itemSp: { value: 8, max: 8 },
  damage: "1d6+1",
};

function defense(choice: DefenseChoice): DefenseDeclaration {
  switch (choice) {
    case "dodge":
      return {
        defender: jenny,
        choice,
        skill: { natural: 13, bought: 4, total: 17 },
        item: null,
        modifiers: 0,
      };
    case "weaponParry":
      return {
        defender: jenny,
        choice,
        skill: { natural: 7, bought: 5, total: 12 },
        item: shortsword,
        modifiers: 0,
      };
    default:
      return { defender: jenny, choice: "none", skill: null, item: null, modifiers: 0 };
  }
}

function setup(overrides: Partial<AttackSetup> = {}): AttackSetup {
  return {
    skill: 15,
    situational: 0,
    slotModifier: 0,
    specialModifier: 0,
    trades: {
      attackToDamage: 0,
      parryToAttack: 0,
      attackToParry: 0,
      attackModifier: 0,
      extraDamageModifier: 0,
      parryModifier: 0,
      dodgeModifier: 0,
    },
    totalModifiers: 0,
    mode: "strike",
    subdual: false,
    source: "maneuver",
    maneuver: "attack",
    combatId: "combat0000000001",
    round: 2,
    phase: "melee",
    ...overrides,
  };
}

const GM: Actor = { userId: "gm", isGM: true, ownsAttacker: false, ownsTarget: false };

function init(extra: Partial<AttackSetup> = {}, declaration = broadsword): NewExchange {
  return {
    rollMode: "publicroll",
    attacker: GRU,
    target: JENNY,
    weapon: {
      itemId: declaration.weapon.id,
      name: declaration.weapon.name,
      img: "icons/svg/sword.svg",
      kind: declaration.weapon.kind,
      damage: declaration.weapon.damage,
      impales: declaration.weapon.impales,
    },
    setup: setup(extra),
    declaration,
    by: "player",
  };
}

function next(state: ExchangeState, event: ExchangeEvent): ExchangeState {
  const result = transition(state, event, GM);
  if (!result.ok) throw new Error(`preview: ${event.type} refused (${result.refusal.code})`);
  return result.state;
}

function attacked(dice: number[], extra: Partial<AttackSetup> = {}, weapon = broadsword): ExchangeState {
  const declaration = { ...weapon, modifiers: extra.totalModifiers ?? 0 };
  const roll = rollAttack(declaration, new ScriptedDice(dice));
  return createAttacked(init(extra, declaration), roll, null, "attackRolled", [
    { step: "attack", dice: dice.map((result) => ({ faces: 20, result })) },
  ]);
}

/** The defense as the card's flow takes it: a dodge past (NC-DEF-4) is a dodge to the rules core. */
function defended(
  state: ExchangeState,
  choice: DefenseChoice | typeof DODGE_PAST,
  dice: number[],
): ExchangeState {
  const past = choice === DODGE_PAST;
  const declaration = defense(past ? "dodge" : choice);
  const roll = rollDefense(declaration, new ScriptedDice(dice));
  const outcome = decideOutcome(state.attack!, roll, new ScriptedDice([]));
  // NC-MAN-12: a burst the dodge did not wholly beat still has hits to roll.
  const burst = autofireBurst(state.declaration, state.attack!, roll, outcome);
  const resolved = burst === null && (outcome.kind === "dodged" || outcome.kind === "missed");
  const pastStep = past
    ? dodgePastAfterFirst({
        attack: state.attack!.check.level,
        dodge: roll.check?.level ?? null,
        attackerManeuver: state.setup.maneuver,
      })
    : null;
  return next(state, {
    type: "defend",
    choice,
    defense: {
      roll,
      declaration: {
        choice: declaration.choice,
        skill: declaration.skill,
        item: declaration.item,
        modifiers: declaration.modifiers,
      },
      itemName: declaration.item?.name ?? null,
      counted: true,
      dodgeInstead: null,
      past: pastStep ? { slippedBy: pastStep.slippedBy } : null,
    },
    outcome,
    next: resolved ? "resolved" : "damage",
    freeAttack: pastStep?.secondChance
      ? {
          attackerId: GRU.actorUuid,
          targetId: JENNY.actorUuid,
          reasonKey: "FANGS.Chat.DodgePast.Offered",
          kind: "dodgePast",
        }
      : null,
    dice: [],
  });
}

function damaged(state: ExchangeState, dice: number[]): ExchangeState {
  const defender = defense(state.defense!.roll.choice);
  const burst = autofireBurst(state.declaration, state.attack!, state.defense!.roll, state.outcome!);
  const scripted = new ScriptedDice(dice);
  const result = burst
    ? rollAutofireDamage(burst, state.declaration, defender, scripted)
    : rollDamage(state.outcome!, state.declaration, defender, scripted);
  return next(state, {
    type: "rollDamage",
    damage: { result, effects: result.effects },
    next: "apply",
    freeAttack: null,
    dice: [],
  });
}

/** The application a GM's client would record for this card's damage on Jenny as above. */
function applied(state: ExchangeState, coDice: number[]): ExchangeState {
  const result = state.damage!.result!;
  const consequence = assessBlow(
    {
      actorId: JENNY.actorUuid,
      state: jennyState,
      stunLost: result.stunDamage,
      hitPointsLost: result.hitPointDamage,
    },
    new ScriptedDice(coDice),
  );
  const deltas: AppliedDelta[] = [
    {
      kind: "pool",
      actorUuid: JENNY.actorUuid,
      pool: "stunPoints",
      before: 21,
      after: 21 - result.stunDamage,
    },
    {
      kind: "pool",
      actorUuid: JENNY.actorUuid,
      pool: "hitPoints",
      before: 11,
      after: 11 - result.hitPointDamage,
    },
  ];
  if (result.parryItemWear > 0) {
    deltas.push({
      kind: "itemSp",
      actorUuid: JENNY.actorUuid,
      itemId: shortsword.id,
      before: 8,
      after: 8 - result.parryItemWear,
    });
  }
  for (const e of consequence.effects) {
    if (e.kind === "status") {
      deltas.push({
        kind: "status",
        actorUuid: JENNY.actorUuid,
        status: e.status,
        before: false,
        after: e.active,
      });
    }
    if (e.kind === "loseAction") {
      deltas.push({
        kind: "actionLost",
        combatantUuid: "Combat.c.Combatant.jenny",
        before: false,
        after: true,
      });
    }
  }
  return next(state, {
    type: "apply",
    application: {
      effects: [...result.effects, ...consequence.effects],
      deltas,
      consequences: [consequence],
      by: "gm",
    },
    dice: [],
  });
}

/** A fumbled attack with the flat of the blade, the Luck roll made: the GM's ruling is open. */
function fumbledFlat(luck: number[]): ExchangeState {
  const declaration: AttackDeclaration = { ...broadsword, mode: "flatOfBlade" };
  const roll = rollAttack(declaration, new ScriptedDice([1, 1]));
  const outcome = decideOutcome(roll, null, new ScriptedDice(luck));
  return createAttacked(init({ mode: "flatOfBlade" }, declaration), roll, outcome, "fumbled", []);
}

/** NC-SUB-3: the GM rules the flat-of-the-blade fumble a health-damaging blow on Gru himself. */
function ruledHitSelfHarm(state: ExchangeState, dice: number[]): ExchangeState {
  const result = rollFumbleHit(state.declaration, gru, { healthDamaging: true }, new ScriptedDice(dice));
  return next(state, {
    type: "resolveFumble",
    option: FumbleResult.HitSelf,
    fumble: { option: FumbleResult.HitSelf, victim: null, healthDamaging: true },
    damage: { result, effects: result.effects },
    next: "apply",
    dice: [],
  });
}

/* -------------------------------------------- */
/*  The states                                  */
/* -------------------------------------------- */

interface Shown {
  readonly id: string;
  readonly title: string;
  readonly state: () => ExchangeState;
  readonly viewer: Viewer;
  readonly offers?: DefenseOffer[];
  /** The defender is under Melee Dodge and may dodge past (NC-DEF-4). */
  readonly dodgePast?: boolean;
  readonly expect: string[];
}

const defender: Viewer = { isGM: false, ownsAttacker: false, ownsTarget: true };
const attacker: Viewer = { isGM: false, ownsAttacker: true, ownsTarget: false };
const gm: Viewer = { isGM: true, ownsAttacker: false, ownsTarget: false };

/** Jenny's choices as the rules offer them with the Move maneuver and nothing used yet. */
const jennyOffers: DefenseOffer[] = [
  { choice: "dodge", allowed: true, reasonKey: null, reasonData: {}, itemName: null, skill: 17 },
  {
    choice: "weaponParry",
    allowed: true,
    reasonKey: null,
    reasonData: {},
    itemName: "Shortsword",
    skill: 12,
  },
  {
    choice: "shieldParry",
    allowed: false,
    reasonKey: "FANGS.Rules.Defense.Refusal.NoShield",
    reasonData: {},
    itemName: null,
    skill: null,
  },
  { choice: "none", allowed: true, reasonKey: null, reasonData: {}, itemName: null, skill: null },
];

export function exchangePreviewStates(): Shown[] {
  const critical = () => attacked([19, 5], { situational: 2, totalModifiers: 2 });
  return [
    {
      id: "attackRolled",
      title: "Attack rolled: the defender chooses",
      state: () => attacked([15], { situational: -2, totalModifiers: -2 }),
      viewer: defender,
      offers: jennyOffers,
      expect: [
        '[data-fangs-action="defend"][data-choice="dodge"]',
        '[data-choice="shieldParry"][aria-disabled="true"]',
      ],
    },
    {
      id: "defenseRolled",
      title: "Defense rolled: a failed dodge, the damage to roll",
      state: () => defended(attacked([15]), "dodge", [2]),
      viewer: attacker,
      expect: ['[data-fangs-action="rollDamage"]', ".fangs-exchange__defense"],
    },
    {
      id: "defenseChosen",
      title: "No defense: a Critical lands",
      state: () => defended(critical(), "none", []),
      viewer: attacker,
      // The Critical's second roll is folded under the attack's summary once the outcome stands.
      expect: ['[data-fangs-action="rollDamage"]', "details.fangs-exchange__check > summary"],
    },
    {
      id: "damageRolled",
      title: "Damage rolled: a parry nicks the Shortsword",
      state: () => damaged(defended(attacked([15]), "weaponParry", [8]), [8]),
      viewer: defender,
      expect: ['[data-fangs-action="apply"]', ".fangs-exchange__damage"],
    },
    {
      id: "applied",
      title: "Applied: a Critical stuns Pirate Jenny (GM's view)",
      state: () => applied(damaged(defended(critical(), "none", []), []), [3]),
      viewer: gm,
      expect: ['[data-fangs-action="undo"]', ".fangs-exchange__application"],
    },
    {
      id: "undone",
      title: "Undone by the GM",
      state: () => next(applied(damaged(defended(attacked([15]), "dodge", [2]), [6]), []), { type: "undo" }),
      viewer: gm,
      expect: ['[data-fangs-action="apply"]'],
    },
    {
      id: "resolved",
      title: "Resolved: dodged",
      state: () => defended(attacked([15]), "dodge", [18]),
      viewer: attacker,
      expect: [".fangs-exchange__outcome--dodged"],
    },
    {
      id: "fumbled",
      title: "Fumbled: the GM rules (Luck suggests)",
      state: () => {
        const roll = rollAttack(broadsword, new ScriptedDice([1, 1]));
        const outcome = decideOutcome(roll, null, new ScriptedDice([5]));
        return createAttacked(init(), roll, outcome, "fumbled", []);
      },
      viewer: gm,
      expect: ['[data-fangs-action="resolveFumble"]', ".fangs-exchange__button--suggested"],
    },
    {
      id: "dodgePastOffered",
      title: "Attack rolled: under Melee Dodge, Jenny may dodge past",
      state: () => attacked([15]),
      viewer: defender,
      offers: jennyOffers,
      dodgePast: true,
      expect: [`[data-fangs-action="defend"][data-choice="${DODGE_PAST}"]`],
    },
    {
      id: "dodgePastSecondChance",
      title: "Dodged past: Gru gets a second chance",
      state: () => defended(attacked([15]), DODGE_PAST, [5]),
      viewer: attacker,
      expect: ['[data-fangs-action="takeFreeAttack"]', ".fangs-exchange__outcome--dodged"],
    },
    {
      id: "dodgePastSlippedBy",
      title: "Dodged past with a Special: Jenny slips by at once",
      state: () => defended(attacked([15]), DODGE_PAST, [19, 2]),
      viewer: attacker,
      expect: [".fangs-exchange__outcome--dodged"],
    },
    {
      id: "autofireThrough",
      title: "Autofire: the dodge leaves three hits to roll",
      state: () => defended(attacked([16], { skill: 14, phase: "missile" }, burstGun), "dodge", [10]),
      viewer: attacker,
      expect: ['[data-fangs-action="rollDamage"]', ".fangs-exchange__outcome--hit"],
    },
    {
      id: "autofireHits",
      title: "Autofire: three hits get through the dodge",
      state: () =>
        damaged(
          defended(attacked([16], { skill: 14, phase: "missile" }, burstGun), "dodge", [10]),
          [5, 3, 7],
        ),
      viewer: defender,
      expect: ['[data-fangs-action="apply"]', ".fangs-exchange__damage"],
    },
    {
      id: "fumbledFlatOfBlade",
      title: "Fumbled with the flat of the blade: the GM may rule it health-damaging",
      state: () => fumbledFlat([5]),
      viewer: gm,
      expect: ['[data-fangs-action="resolveFumble"][data-choice="hitSelfHarm"]'],
    },
    {
      id: "fumbleRuledHarm",
      title: "Fumble ruled: Gru hits himself, health-damaging",
      state: () => ruledHitSelfHarm(fumbledFlat([5]), [6]),
      viewer: gm,
      expect: ['[data-fangs-action="apply"]', ".fangs-exchange__damage"],
    },
    {
      id: "declined",
      title: "Declined: Jenny retreats, Gru gives chase",
      state: () =>
        createDeclined(init({ maneuver: "attack" }), specialRecord(jennyRetreatsFirst(), "chase")!),
      viewer: attacker,
      expect: [".fangs-exchange__special"],
    },
    {
      id: "cancelled",
      title: "Called off by the GM",
      state: () => next(attacked([15]), { type: "cancel" }),
      viewer: gm,
      expect: [".fangs-exchange__status"],
    },
  ];
}

/** Jenny retreated before Gru's turn: the three answers NC-SPD-2 gives him. */
function jennyRetreatsFirst() {
  return attackOnWithdrawal({
    attackerId: GRU.actorUuid,
    targetId: JENNY.actorUuid,
    round: 2,
    attackerMv: 15,
    attackerManeuver: "attack",
    targetManeuver: "retreat",
    melee: true,
    targetWentFirst: true,
  });
}

/* -------------------------------------------- */
/*  Pages                                       */
/* -------------------------------------------- */

const DARK = new Set(["attackRolled", "applied"]);

export function exchangePreviewPages(): ExchangePreviewPage[] {
  const pages: ExchangePreviewPage[] = [];
  for (const shown of exchangePreviewStates()) {
    const page: ExchangePreviewPage = {
      id: `chat-exchange-${shown.id}`,
      title: `Exchange card: ${shown.title}`,
      group: "Exchange cards",
      frame: "chat",
      classes: ["fangs"],
      width: 300,
      parts: [{ id: "card", template: EXCHANGE_TEMPLATE }],
      context: () => ({
        actorName: "Gru",
        ...exchangeCardView(shown.state(), shown.viewer, previewLocalize, {
          offers: shown.offers ?? null,
          dodgePast: shown.dodgePast ?? false,
          userName: () => "Gamemaster",
        }),
      }),
      expect: [".fangs-exchange", ...shown.expect],
    };
    pages.push(page);
    if (DARK.has(shown.id)) {
      pages.push({ ...page, id: `${page.id}--dark`, title: `${page.title}, dark theme`, theme: "dark" });
    }
  }
  const retreat = specialChoices(jennyRetreatsFirst());
  const facts: DialogFacts = {
    attackerName: "Gru",
    weaponName: "Broadsword",
    targetName: "Pirate Jenny",
    skill: { natural: 8, bought: 7, total: 15 },
    parrySkill: { natural: 8, bought: 7, total: 15 },
    blows: { flatOfBlade: true, subdual: false },
    grapple: false,
    damageTrade: true,
    warningKey: "FANGS.Rules.Attack.Refusal.NotEngaged",
    slotModifier: 0,
    special: retreat ? { legendKey: retreat.legendKey, choices: retreat.choices } : null,
    rollModes: {
      publicroll: "FANGS.Chat.RollMode.Public",
      gmroll: "FANGS.Chat.RollMode.Private",
      blindroll: "FANGS.Chat.RollMode.Blind",
      selfroll: "FANGS.Chat.RollMode.Self",
    },
    rollMode: "publicroll",
  };
  pages.push({
    id: "app-attack-dialog",
    title: "Attack dialog: modifiers, trades, the answer to a retreat",
    group: "Exchange cards",
    frame: "sheet",
    classes: ["fangs", "dialog"],
    width: 420,
    parts: [{ id: "content", template: ATTACK_DIALOG_TEMPLATE }],
    context: () => attackDialogContext(facts, previewLocalize, "preview-attack"),
    expect: ['input[name="situational"]', 'input[name="attackToDamage"]', 'input[name="special"]'],
  });
  return pages;
}
