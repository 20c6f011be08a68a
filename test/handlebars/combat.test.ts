import { fangsRowView, maneuverChoices, maneuverMenuView } from "../../src/rulesets/fangs/tracker-row-view";
import { badButtons, byAttr, byTag, parse, text, unlabelledControls } from "./html";
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

describe("the maneuver menu's attack kinds", () => {
  it("gives the radios a group named 'Attack with', so a screen reader says what they choose", () => {
    const renderer = createTemplateRenderer();
    const html = renderer.render(MENU, {
      combatantId: "c1",
      title: "Maneuver for Gru",
      choices: [],
      attackKindLabel: t["FANGS.Combat.Menu.AttackWith"],
      attackKinds: [
        { id: "melee", label: "Melee", checked: true },
        { id: "missile", label: "Shot", checked: false },
      ],
      canClear: false,
    });
    const root = parse(html);
    const [group] = byAttr(root, "role", "group");
    expect(group).toBeDefined();
    const labelId = group!.attribs["aria-labelledby"]!;
    expect(text(byAttr(root, "id", labelId))).toBe(t["FANGS.Combat.Menu.AttackWith"]);
    expect(byTag(group!, "input").map((input) => input.attribs.value)).toEqual(["melee", "missile"]);
    expect(unlabelledControls(html)).toEqual([]);
  });
});

describe("NC-MAN-20: what Draw Weapon readies, in the maneuver menu (templates/combat/maneuver-menu.hbs)", () => {
  const renderer = createTemplateRenderer();
  const localize = (key: string, data?: Record<string, string | number>) =>
    data ? renderer.i18n.format(key, data) : renderer.i18n.localize(key);
  const row = {
    id: "c1",
    name: "Gru",
    mv: 12,
    held: false,
    maneuver: "drawWeapon" as const,
    attackKind: null,
  };
  const render = (readyings: readonly ("weapon" | "offHand")[]) =>
    renderer.render(
      MENU,
      maneuverMenuView(row, "melee", localize, "offHand", readyings) as unknown as Record<string, unknown>,
    );

  it("NC-MAN-20: with a shield to ready, Draw Weapon is two entries, each named for what it readies, no loose radios", () => {
    const html = render(["weapon", "offHand"]);
    expect(badButtons(html)).toEqual([]);
    expect(unlabelledControls(html)).toEqual([]);
    const draws = byAttr(parse(html), "data-maneuver", "drawWeapon");
    expect(draws.map((b) => [b.attribs["data-readying"], text(b)])).toEqual([
      ["weapon", expect.stringContaining(t["FANGS.Combat.Menu.Readying.Weapon"]!)],
      ["offHand", expect.stringContaining(t["FANGS.Combat.Menu.Readying.OffHand"]!)],
    ]);
    // The stored choice is the current one.
    expect(draws.map((b) => b.attribs.class?.includes("current"))).toEqual([false, true]);
    expect(byTag(parse(html), "input").filter((i) => i.attribs.name === "fangs-readying")).toEqual([]);
    expect(renderer.i18n.missing).toEqual(new Set());
  });

  it("RHF-HLD-3 (FANGS module): a fighter held in a hold the GM keeps is offered to break free; one not held is not", () => {
    const view = (held: boolean) =>
      maneuverMenuView(row, "melee", localize, null, ["weapon"], held) as unknown as Record<string, unknown>;
    const held = renderer.render(MENU, view(true));
    expect(badButtons(held)).toEqual([]);
    const offered = byAttr(parse(held), "data-break-free", "true");
    expect(offered.map((b) => text(b))).toEqual([t["FANGS.Combat.Menu.BreakFree"]]);
    expect(byAttr(parse(renderer.render(MENU, view(false))), "data-break-free", "true")).toEqual([]);
    expect(renderer.i18n.missing).toEqual(new Set());
  });

  it("NC-MAN-20: with nothing for the off hand, one plain Draw Weapon that readies the weapon", () => {
    const draws = byAttr(parse(render(["weapon"])), "data-maneuver", "drawWeapon");
    expect(draws.map((b) => [b.attribs["data-readying"], text(b)])).toEqual([
      ["weapon", expect.stringContaining(t["FANGS.Maneuver.DrawWeapon.Name"]!)],
    ]);
    expect(text(draws)).not.toContain(t["FANGS.Combat.Menu.Readying.OffHand"]!);
  });
});

describe("RHF-RNG-1, -3 (FANGS module): the reach cells of a tracker row (templates/combat/maneuver-badge.hbs)", () => {
  const BADGE = "systems/fangs/templates/combat/maneuver-badge.hbs";
  const renderer = createTemplateRenderer();
  const localize = (key: string, data?: Record<string, string | number>) =>
    data ? renderer.i18n.format(key, data) : renderer.i18n.localize(key);
  const row = {
    id: "c1",
    name: "Gru",
    isGM: false,
    mayAct: true,
    started: true,
    phase: "melee",
    at: 0,
    turn: 0,
    active: true,
    acted: false,
    held: false,
    outOfAction: false,
  };
  const data = { maneuver: "attack" as const, attackKind: "melee" as const, actionLost: false, mv: 12 };

  it("RHF-RNG-1 (FANGS module): shows each kept range in words, and the advance or withdraw as a named button", () => {
    const view = fangsRowView(
      { ...data, reach: { ranges: [{ other: "Pirate Jenny", range: "long" }] } },
      row,
      localize,
    );
    const html = renderer.render(BADGE, view.cells as unknown as Record<string, unknown>);
    expect(badButtons(html)).toEqual([]);
    expect(unlabelledControls(html)).toEqual([]);
    expect(text(byAttr(parse(html), "class", "fangs-range"))).toContain("long range with Pirate Jenny");
    const [button] = byAttr(parse(html), "data-reach-maneuver", "true");
    expect(button?.attribs["data-action"]).toBe("rulesetRow");
    expect(button?.attribs["aria-label"]).toContain("Gru advances or withdraws");
    expect(renderer.i18n.missing).toEqual(new Set());
  });

  it("RHF-RNG-3 (FANGS module): no button for a viewer who may not act for the fighter, nor before the round begins; nothing with the module off", () => {
    const noButton = (r: typeof row) =>
      byAttr(
        parse(
          renderer.render(
            BADGE,
            fangsRowView({ ...data, reach: { ranges: [] } }, r, localize).cells as unknown as Record<
              string,
              unknown
            >,
          ),
        ),
        "data-reach-maneuver",
        "true",
      );
    expect(noButton({ ...row, mayAct: false })).toEqual([]);
    expect(noButton({ ...row, started: false })).toEqual([]);
    expect(noButton({ ...row, outOfAction: true })).toEqual([]);
    expect(fangsRowView(data, row, localize).cells).toEqual(
      fangsRowView({ ...data, reach: undefined }, row, localize).cells,
    );
    expect(fangsRowView(data, row, localize).cells).not.toHaveProperty("rangeManeuver");
  });
});
