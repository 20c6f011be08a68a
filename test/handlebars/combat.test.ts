import { maneuverChoices } from "../../src/apps/combat-tracker/view";
import { badButtons, byAttr, parse, text } from "./html";
import { createTemplateRenderer, loadTranslations } from "./render";

const MENU = "systems/fangs/templates/combat/maneuver-menu.hbs";
const t = loadTranslations();

describe("maneuver menu (templates/combat/maneuver-menu.hbs)", () => {
  const renderer = createTemplateRenderer();
  const localize = (key: string, data?: Record<string, string | number>) =>
    data ? renderer.i18n.format(key, data) : renderer.i18n.localize(key);
  const html = renderer.render(MENU, {
    combatantId: "c1",
    title: "Maneuver for Gru",
    choices: maneuverChoices(12, false, localize),
    attackKinds: [],
    canClear: false,
  });

  it("names every choice, and says in words (not only by an icon) which cannot be held", () => {
    expect(badButtons(html)).toEqual([]);
    const name = (id: string) => text(byAttr(parse(html), "data-maneuver", id));
    const notHoldable = t["FANGS.Combat.Menu.NotHoldable"]!;
    expect(name("charge")).toContain(notHoldable);
    expect(name("allOutAttack")).toContain(notHoldable);
    expect(name("attack")).not.toContain(notHoldable);
    expect(name("attack")).toContain("Attack");
    expect(renderer.i18n.missing).toEqual(new Set());
  });
});
