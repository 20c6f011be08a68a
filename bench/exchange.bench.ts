import { bench, describe } from "vitest";
import { type ExchangeInput, resolveExchange } from "../src/rules/fangs/exchange";
import { SeededDice } from "../src/rules/kernel/dice";

/*
 * Full exchanges per second on one core: attack, defense, outcome, damage
 * and consequences, with seeded dice. Fighters stay fresh each time (the
 * input is not mutated), so every level of the matrix keeps coming up.
 */

const broadsword = {
  id: "broadsword",
  name: "Broadsword",
  damage: "1d8+2",
  itemSp: { value: 10, max: 10 },
  impales: false,
  hands: 1 as const,
  kind: "melee" as const,
  extendedReload: false,
  autofire: false,
};
const spear = {
  ...broadsword,
  id: "spear",
  name: "Spear",
  damage: "1d8+1",
  itemSp: { value: 8, max: 8 },
  impales: true,
};
const state = {
  stunPoints: { value: 24, max: 24 },
  hitPoints: { value: 12, max: 12 },
  armorProtection: 3,
  co: 12,
  sz: 11,
  stunned: false,
};

function input(weapon: typeof broadsword, choice: "dodge" | "shieldParry" | "weaponParry"): ExchangeInput {
  return {
    attack: {
      attacker: { id: "gru", st: 14, damageModifier: 1, luck: 10, state },
      weapon,
      skill: { natural: 6, bought: 7, total: 13 },
      modifiers: 0,
      extraDamageModifier: 0,
      mode: "strike",
      subdual: false,
    },
    defense: {
      defender: { id: "dagmar", damageModifier: 2, ...state },
      choice,
      skill: { natural: 5, bought: 6, total: 11 },
      item:
        choice === "dodge"
          ? null
          : {
              id: "shield",
              name: "Kite",
              type: choice === "shieldParry" ? "shield" : "weapon",
              itemSp: { value: 10, max: 10 },
              damage: "1d4",
            },
      modifiers: 0,
    },
  };
}

const inputs = [
  input(broadsword, "shieldParry"),
  input(spear, "dodge"),
  input(broadsword, "weaponParry"),
  input(spear, "shieldParry"),
];
const dice = new SeededDice(20261129);
let i = 0;

describe("FANGS exchange", () => {
  bench(
    "resolveExchange (mixed parries and dodges, SeededDice)",
    () => {
      resolveExchange(inputs[i & 3]!, dice);
      i += 1;
    },
    { time: 2000 },
  );

  // The same, 1,000 exchanges per sample: the harness's own timing per sample no longer
  // dominates, so hz × 1,000 is the exchange rate.
  bench(
    "1,000 × resolveExchange (hz × 1,000 = exchanges per second)",
    () => {
      for (let n = 0; n < 1000; n += 1) {
        resolveExchange(inputs[i & 3]!, dice);
        i += 1;
      }
    },
    { time: 2000 },
  );
});
