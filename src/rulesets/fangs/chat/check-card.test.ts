import { byClass, byTag, parse, text } from "../../../../test/handlebars/html";
import { sampleCheck } from "../../../../test/handlebars/preview";
import { createTemplateRenderer, renderCheckCard } from "../../../../test/handlebars/render";
import { characteristicCheck, resolveCheck } from "../../../rules/fangs/check";
import { type CheckLevelId, checkCardContext } from "./check-card";

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
