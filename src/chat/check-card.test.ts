import { byClass, byTag, parse, text } from "../../test/handlebars/html";
import { sampleCheck } from "../../test/handlebars/preview";
import { createTemplateRenderer, renderCheckCard } from "../../test/handlebars/render";
import { characteristicCheck, resolveCheck } from "../rules/fangs/check";
import { SuccessLevel } from "../rules/fangs/types";
import { ScriptedDice } from "../rules/kernel/dice";
import { RulesError } from "../rules/kernel/errors";
import {
  type CheckLevelId,
  checkCardContext,
  MoreDiceNeeded,
  PrerolledDice,
  type RollDie,
  resolveWithRolledDice,
} from "./check-card";

/** A die roller that plays back fixed results and counts its calls, standing in for Foundry's Roll. */
function scriptedRoller(results: number[]): RollDie<string> & { calls: number[] } {
  const calls: number[] = [];
  const roll = async (faces: number) => {
    calls.push(faces);
    const result = results[calls.length - 1];
    if (result === undefined) throw new Error("roller ran out");
    return { result, roll: `d${faces}=${result}` };
  };
  return Object.assign(roll, { calls });
}

describe("PrerolledDice", () => {
  it("serves the rolled dice in order and asks for more past the end", () => {
    const dice = new PrerolledDice([
      { faces: 20, result: 7 },
      { faces: 20, result: 13 },
    ]);
    expect(dice.roll(20)).toBe(7);
    expect(dice.roll(20)).toBe(13);
    expect(dice.used).toBe(2);
    expect(() => dice.roll(6)).toThrow(MoreDiceNeeded);
  });

  it("refuses a die of other faces than the one rolled at that place", () => {
    const dice = new PrerolledDice([{ faces: 20, result: 7 }]);
    expect(() => dice.roll(6)).toThrow(RulesError);
  });
});

describe("resolveWithRolledDice", () => {
  it("rolls one d20 for a plain success and hands back that one roll", async () => {
    const roller = scriptedRoller([11, 19]);
    const { value, rolls, dice } = await resolveWithRolledDice(
      (d) => resolveCheck({ skill: 12, modifiers: 0 }, d),
      roller,
    );
    expect(value.level).toBe(SuccessLevel.Success);
    expect(roller.calls).toEqual([20]);
    expect(rolls).toEqual(["d20=11"]);
    expect(dice).toEqual([{ faces: 20, result: 11 }]);
  });

  it("rolls the second d20 only when the rules ask for it (a Special to confirm)", async () => {
    const roller = scriptedRoller([19, 15]);
    const { value, rolls } = await resolveWithRolledDice(
      (d) => resolveCheck({ skill: 12, modifiers: 0 }, d),
      roller,
    );
    expect(value).toMatchObject({ natural: 19, confirmation: 15, level: SuccessLevel.Critical });
    expect(roller.calls).toEqual([20, 20]);
    expect(rolls).toEqual(["d20=19", "d20=15"]);
  });

  it("gives the same result the rules give for the same dice", async () => {
    for (const script of [[1, 2], [1, 15], [20, 3], [2, 1], [10]]) {
      const { value } = await resolveWithRolledDice(
        (d) => characteristicCheck({ value: 7, multiplier: 1 }, d),
        scriptedRoller(script),
      );
      expect(value).toEqual(characteristicCheck({ value: 7, multiplier: 1 }, new ScriptedDice(script)));
    }
  });

  it("passes the rules' own errors through and rolls nothing for bad input", async () => {
    const roller = scriptedRoller([10]);
    await expect(
      resolveWithRolledDice((d) => characteristicCheck({ value: 12, multiplier: 0 }, d), roller),
    ).rejects.toMatchObject({ code: "invalid-value" });
    expect(roller.calls).toEqual([]);
  });

  it("refuses a die result out of range", async () => {
    await expect(
      resolveWithRolledDice((d) => resolveCheck({ skill: 5, modifiers: 0 }, d), scriptedRoller([21])),
    ).rejects.toMatchObject({ code: "die-out-of-range" });
  });
});

describe("checkCardContext", () => {
  it("reads the level, the dice and what the second die decided from the rules' result", () => {
    const critical = checkCardContext(sampleCheck("critical"), { actorName: "Gru", label: "Broadsword" });
    expect(critical).toMatchObject({
      natural: 20,
      total: 32,
      target: 20,
      level: { id: "critical", label: "FANGS.Chat.Check.Level.Critical", cssClass: "fangs-check--critical" },
      confirmation: {
        value: 15,
        purpose: "FANGS.Chat.Check.ConfirmCritical",
        outcome: "FANGS.Chat.Check.CriticalConfirmed",
      },
    });
    expect(checkCardContext(sampleCheck("special"), { actorName: "", label: "" }).confirmation?.outcome).toBe(
      "FANGS.Chat.Check.CriticalMissed",
    );
    expect(checkCardContext(sampleCheck("fumble"), { actorName: "", label: "" }).confirmation?.outcome).toBe(
      "FANGS.Chat.Check.FumbleConfirmed",
    );
    expect(checkCardContext(sampleCheck("success"), { actorName: "", label: "" }).confirmation).toBeNull();
  });

  it("tells an avoided fumble apart from a confirmed one", () => {
    const dice = scriptedDiceResult([1, 15]);
    const ctx = checkCardContext(dice, { actorName: "", label: "" });
    expect(ctx.level.id).toBe("failure");
    expect(ctx.confirmation).toMatchObject({
      purpose: "FANGS.Chat.Check.ConfirmFumble",
      outcome: "FANGS.Chat.Check.FumbleAvoided",
    });
  });

  it("writes modifiers with their sign and none when there are none", () => {
    const base = sampleCheck("success");
    expect(checkCardContext({ ...base, modifiers: 3 }, { actorName: "", label: "" }).modifiersText).toBe(
      "+3",
    );
    expect(checkCardContext({ ...base, modifiers: -2 }, { actorName: "", label: "" }).modifiersText).toBe(
      "−2",
    );
    expect(checkCardContext(base, { actorName: "", label: "" }).modifiersText).toBe("");
  });
});

function scriptedDiceResult(script: number[]) {
  return resolveCheck(
    { skill: 12, modifiers: 0 },
    {
      roll: (() => {
        let i = 0;
        return () => script[i++]!;
      })(),
    },
  );
}

describe("check card template", () => {
  const renderer = createTemplateRenderer();
  const render = (level: CheckLevelId) =>
    renderCheckCard(sampleCheck(level), { actorName: "Gru the Sellsword", label: "Broadsword" }, renderer)
      .html;

  it("renders Special, Critical and Fumble distinctly: words, icon, class and data attribute", () => {
    const seen = new Map<string, { words: string; icon: string; cls: string }>();
    for (const level of ["special", "critical", "fumble"] as const) {
      const doc = parse(render(level));
      const [card] = byClass(doc, "fangs-card");
      const [result] = byClass(doc, "fangs-card__result");
      expect(card?.attribs["data-level"]).toBe(level);
      seen.set(level, {
        words: text(result!),
        icon: byTag(result!, "i")[0]?.attribs.class ?? "",
        cls: card?.attribs.class ?? "",
      });
    }
    expect(seen.get("special")?.words).toBe("Special success");
    expect(seen.get("critical")?.words).toBe("Critical success");
    expect(seen.get("fumble")?.words).toBe("Fumble");
    for (const key of ["words", "icon", "cls"] as const) {
      expect(new Set([...seen.values()].map((v) => v[key])).size).toBe(3);
    }
    expect(renderer.i18n.missing.size).toBe(0);
  });

  it("shows who rolled what, the formula, the die, the total and the confirming die", () => {
    const html = render("critical");
    const doc = parse(html);
    expect(text(byClass(doc, "fangs-card__what"))).toBe("Broadsword");
    expect(text(byClass(doc, "fangs-card__who"))).toBe("Gru the Sellsword");
    expect(text(byClass(doc, "fangs-card__formula"))).toBe("d20 + 12 against 20");
    expect(byClass(doc, "fangs-die").map(text)).toEqual(["20", "15"]);
    expect(text(byClass(doc, "fangs-card__total"))).toBe("32");
    expect(text(byClass(doc, "fangs-card__note"))).toBe("The second roll made it: a Critical.");
  });

  it("shows one die and no note for a plain result", () => {
    const doc = parse(render("failure"));
    expect(byClass(doc, "fangs-die").map(text)).toEqual(["4"]);
    expect(byClass(doc, "fangs-card__note")).toEqual([]);
    expect(text(byClass(doc, "fangs-card__result"))).toBe("Failure");
  });

  it("writes a characteristic check as ST×2", () => {
    const result = characteristicCheck({ value: 14, multiplier: 2 }, { roll: () => 10 });
    const { html } = renderCheckCard(
      result,
      { actorName: "Gru", label: "FANGS.Actor.Characteristic.St.Abbr", localizeLabel: true, multiplier: 2 },
      renderer,
    );
    const doc = parse(html);
    expect(text(byClass(doc, "fangs-card__what"))).toBe("ST×2");
    expect(text(byClass(doc, "fangs-card__formula"))).toBe("d20 + 28 against 20");
  });

  it("escapes names typed by users", () => {
    const { html } = renderCheckCard(
      sampleCheck("success"),
      { actorName: "<b>x</b>", label: "<i>y</i>" },
      renderer,
    );
    expect(html).not.toContain("<b>x</b>");
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
  });
});
