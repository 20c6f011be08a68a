import "../foundry/setup";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openEncounterOdds } from "../../src/apps/encounter-odds";
import { registerRulesetMenu } from "../../src/apps/settings/ruleset-menu";
import { registerSettings } from "../../src/config/settings";
import { RULES_MENU_KEY } from "../../src/rulesets/fangs/apps/settings";
import { registerRulesetDefinition } from "../../src/rulesets/registry";
import { chunkRanges, runChunked, runRange } from "../../src/sim/fight-runner";
import { emptyTally, mergeTally } from "../../src/sim/stats";
import { resetWorld, standIn } from "../foundry/setup";
import {
  TOY_MENU_KEY,
  TOY_SETTING,
  type ToyJob,
  toyFightRunner,
  toyPolicy,
  toySimLog,
} from "./toy-options-sim";
import { TOY_ID, toyDefinition } from "./toy-ruleset";

/**
 * A ruleset's options and simulator through the shared layers: every
 * ruleset's settings are registered, the settings window gets only the
 * world's ruleset's menu, and the shared odds runner and Encounter odds run
 * the world's ruleset's fights, or say it has no simulator.
 */

const settings = standIn.game.settings as unknown as {
  settings: Map<string, unknown>;
  menus: Map<string, Record<string, unknown>>;
  storage: Map<string, unknown>;
};

beforeAll(() => {
  registerRulesetDefinition(toyDefinition);
  registerSettings();
});
beforeEach(() => {
  resetWorld();
  settings.menus.clear();
  toySimLog.loads = 0;
  toySimLog.lastOdds = null;
});
afterEach(() => registerRulesetDefinition(toyDefinition));

const playToy = () => settings.storage.set("fangs.ruleset", TOY_ID);
const notices = () => standIn.ui.notifications.shown.map((n) => n.message);

describe("options per ruleset", () => {
  it("registers every ruleset's settings, whichever the world plays", () => {
    expect(settings.settings.has("fangs.rules")).toBe(true);
    expect(settings.settings.has("fangs.maneuverOptions")).toBe(true);
    expect(settings.settings.has(`fangs.${TOY_SETTING}`)).toBe(true);
  });

  it("a FANGS world's settings window shows FANGS's rules options menu and not the toy's", () => {
    registerRulesetMenu();
    expect([...settings.menus.keys()]).toEqual([`fangs.${RULES_MENU_KEY}`]);
    expect(settings.menus.get(`fangs.${RULES_MENU_KEY}`)).toMatchObject({
      name: "FANGS.Setting.RulesMenu.Name",
      restricted: true,
    });
  });

  it("a toy world's settings window shows the toy's menu only", () => {
    playToy();
    registerRulesetMenu();
    expect([...settings.menus.keys()]).toEqual([`fangs.${TOY_MENU_KEY}`]);
    expect(settings.menus.get(`fangs.${TOY_MENU_KEY}`)).toMatchObject({
      name: "TOY.Setting.Menu.Name",
      restricted: true,
    });
  });

  it("a ruleset without a menu adds none", () => {
    playToy();
    registerRulesetDefinition({ ...toyDefinition, options: {} });
    registerRulesetMenu();
    expect(settings.menus.size).toBe(0);
  });
});

const job: ToyJob = {
  seed: 42,
  fighters: [
    { name: "Tin Soldier", hp: 8, damage: 3 },
    { name: "Rag Doll", hp: 6, damage: 2 },
  ],
};

describe("the toy's fights through the shared odds runner", () => {
  it("TOY-SIM-1: its policy strikes while at least as healthy as its foe, else guards", () => {
    expect(toyPolicy(5, 5)).toBe("strike");
    expect(toyPolicy(4, 5)).toBe("guard");
  });

  it("the same seed gives the same tally, however the fights are split", () => {
    const whole = runRange(toyFightRunner, job, 0, 300);
    expect(runRange(toyFightRunner, job, 0, 300)).toEqual(whole);
    const split = emptyTally();
    for (const [from, to] of chunkRanges(300, 70)) mergeTally(split, runRange(toyFightRunner, job, from, to));
    expect(split).toEqual(whole);
    expect(whole.fights).toBe(300);
    expect(whole.sides[0].wins + whole.sides[1].wins + whole.draws + whole.unfinished).toBe(300);
    // Both sides win some: the dice, not a fixed script, decide.
    expect(whole.sides[0].wins).toBeGreaterThan(0);
    expect(whole.sides[1].wins).toBeGreaterThan(0);
    expect(whole.sides[0].wins).toBeGreaterThan(whole.sides[1].wins);
  });

  it("another seed gives other fights", () => {
    expect(runRange(toyFightRunner, { ...job, seed: 43 }, 0, 300)).not.toEqual(
      runRange(toyFightRunner, job, 0, 300),
    );
  });

  it("runs chunked as the browser does, to the same tally", async () => {
    const chunked = await runChunked(toyFightRunner, job, 300, { chunkSize: 64, yieldToUi: async () => {} });
    expect(chunked).toEqual(runRange(toyFightRunner, job, 0, 300));
  });
});

describe("Encounter odds asks the world's ruleset", () => {
  const toyToken = (name: string, hp: number) => ({
    name,
    disposition: 0,
    actor: { name, system: { hp: { value: hp, max: hp } } } as unknown as Actor.Implementation,
  });

  it("a toy world runs the toy's simulator on the selected tokens", async () => {
    playToy();
    const tally = await openEncounterOdds([toyToken("Tin Soldier", 8), toyToken("Rag Doll", 6)]);
    expect(toySimLog.loads).toBe(1);
    expect(toySimLog.lastOdds?.names).toEqual(["Tin Soldier", "Rag Doll"]);
    expect(tally).toMatchObject({ fights: 200 });
    expect(notices()).toEqual([]);
  });

  it("a ruleset without a simulator is named in a notice, and nothing runs", async () => {
    playToy();
    registerRulesetDefinition({ ...toyDefinition, simulator: undefined });
    expect(await openEncounterOdds([toyToken("Tin Soldier", 8), toyToken("Rag Doll", 6)])).toBeNull();
    expect(toySimLog.loads).toBe(0);
    expect(notices()).toEqual([
      "The combat rules this world plays (TOY.Ruleset) have no simulator: Encounter odds cannot run for them.",
    ]);
  });
});
