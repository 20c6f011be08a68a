import "../../../../test/foundry/setup";
import { describe, expect, it } from "vitest";
import { BOW, CLUB, fighter, pool, roundOf, viewOf } from "../../../../test/support/lunos-fixtures";
import { LUNOS_DEFAULTS } from "../../../rules/lunos/config";
import { fighterOf, type LunosPlan } from "../../../rules/lunos/round-engine";
import type { LunosTableRead } from "./fight-read";
import { shownFor } from "./round-planner";

/*
 * What the planner writes for a row, on fights made with the core: the
 * table's reading of the engine, without the Combat around it.
 */

const R = LUNOS_DEFAULTS;
const plan = (...actions: LunosPlan["actions"]): LunosPlan => ({ actions });

describe("a row's defense", () => {
  it("LUN-ACT-4: a parry covering an archer shows the lower difficulty a ranged attack meets, as the card reckons it", () => {
    const al = fighter("al", { weapon: CLUB });
    const bo = fighter("bo", { weapon: BOW });
    const cy = fighter("cy", { weapon: CLUB });
    const view = viewOf([al, bo, cy]);
    // Initiative (three dice each), then al's parry against bo and cy: Agility 3 + Weapon 3 + the club's 1,
    // no die off for one opponent past the first: seven dice, four successes.
    const fight = roundOf({
      view,
      ids: ["al", "bo", "cy"],
      plans: {
        al: plan({ kind: "parry", against: ["bo", "cy"] }),
        bo: plan({ kind: "other", task: "task" }),
        cy: plan({ kind: "other", task: "task" }),
      },
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(3, 0), ...pool(7, 4)],
    });
    const read = {
      view,
      rules: R,
      combatants: new Map([
        ["bo", {}],
        ["cy", {}],
      ]),
    } as unknown as LunosTableRead;
    const shown = shownFor(fight, fighterOf(fight, "al"), read);
    expect(shown.defense).toMatchObject({ kind: "parry", successes: 4, difficulty: 5 });
    // Against the bow the parry counts 2 fewer (parryRangedDifficulty): 3 successes to hit.
    expect(shown.defense?.rangedDifficulty).toBe(4 - R.parryRangedDifficulty + 1);
    // A defense that is no parry sets one difficulty for all.
    const dodging = roundOf({
      view,
      ids: ["al", "bo", "cy"],
      plans: {
        al: plan({ kind: "defense", against: ["bo"] }),
        bo: plan({ kind: "other", task: "task" }),
        cy: plan({ kind: "other", task: "task" }),
      },
      dice: [...pool(3, 2), ...pool(3, 1), ...pool(3, 0), ...pool(5, 2)],
    });
    expect(shownFor(dodging, fighterOf(dodging, "al"), read).defense).not.toHaveProperty("rangedDifficulty");
  });
});
