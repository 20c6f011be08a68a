import "../foundry/setup";
import { describe, expect, it } from "vitest";
import { difficultyNumber } from "../../src/rules/sharene/check";
import { SHARENE_DEFAULTS } from "../../src/rules/sharene/config";
import {
  type AttackDialogFacts,
  attackDialogContext,
  dnWith,
  parseAttackAnswers,
  SHARENE_ATTACK_DIALOG,
} from "../../src/rulesets/sharene/apps/attack/attack-dialog";
import { byAttr, byClass, byTag, duplicateIds, parse, text, unlabelledControls } from "./html";
import { createTemplateRenderer } from "./render";

/**
 * Sharene's attack dialog: the DF table's situations with their DFs, the
 * DN as it will be, the defense's situations for a GM only, every control
 * labelled; and its answers read back, a situation the rules lack dropped.
 */

const renderer = createTemplateRenderer();
const localize = (key: string, data?: Readonly<Record<string, string | number>>) =>
  data ? renderer.i18n.format(key, data as Record<string, string>) : renderer.i18n.localize(key);

const facts = (gm: boolean): AttackDialogFacts => ({
  attackerName: "Arden",
  defenderName: "Cole",
  weaponName: "Sword",
  dn: difficultyNumber(13, [{ source: "fullAttack", df: 1 }], SHARENE_DEFAULTS),
  rules: SHARENE_DEFAULTS,
  gm,
  rollMode: "publicroll",
  rollModes: { publicroll: "CHAT.RollPublic", gmroll: "CHAT.RollPrivate" },
});

describe("Sharene's attack dialog", () => {
  it("offers a player the attack's situations with their DFs and the DN, every control labelled", () => {
    const html = renderer.render(SHARENE_ATTACK_DIALOG, attackDialogContext(facts(false), localize, "dlg"));
    const doc = parse(html);
    expect(text(byAttr(doc, "data-sharene-dn"))).toBe("Attack DN: 14");
    const boxes = byAttr(doc, "type", "checkbox");
    expect(boxes.map((b) => b.attribs.name)).toEqual(
      SHARENE_DEFAULTS.situations.map((s) => `attack-${s.id}`),
    );
    expect(html).toContain("From behind (+3)");
    expect(html).toContain("Darkness (−6)");
    expect([unlabelledControls(html), duplicateIds(html)]).toEqual([[], []]);
    expect([...renderer.i18n.missing].filter((k) => k.startsWith("SHARENE"))).toEqual([]);
  });

  it("draws no form of its own: the dialog's window is the form its buttons submit", () => {
    // A form inside a form is dropped by the HTML parser, with its id and classes.
    const html = renderer.render(SHARENE_ATTACK_DIALOG, attackDialogContext(facts(true), localize, "dlg"));
    const doc = parse(html);
    expect(byTag(doc, "form")).toEqual([]);
    expect(byClass(doc, "sharene-attack-dialog")).toHaveLength(1);
  });

  it("offers a GM the defense's situations too: the defender's own plights only", () => {
    const html = renderer.render(SHARENE_ATTACK_DIALOG, attackDialogContext(facts(true), localize, "dlg"));
    const names = byAttr(parse(html), "type", "checkbox").map((b) => b.attribs.name);
    expect(names.filter((n) => n?.startsWith("defense-"))).toEqual([
      "defense-higherGround",
      "defense-poorLight",
      "defense-unstableFooting",
      "defense-offHand",
      "defense-onTheGround",
      "defense-darkness",
    ]);
    expect(names.filter((n) => n?.startsWith("attack-"))).toHaveLength(SHARENE_DEFAULTS.situations.length);
    expect(unlabelledControls(html)).toEqual([]);
  });

  it("shows the DN the GM will work out, and reads the answers back", () => {
    expect(dnWith(facts(false).dn, ["fromBehind", "poorLight"], SHARENE_DEFAULTS)).toBe(15);
    // The DF is held within the rules' bounds (dfMax 5).
    expect(dnWith(facts(false).dn, ["targetUnaware", "fromBehind"], SHARENE_DEFAULTS)).toBe(18);
    const form = {
      "attack-fromBehind": "1",
      "attack-flying": "1",
      "defense-darkness": "1",
      // Signed for the attacker: never read as the defense's, whatever the form sends.
      "defense-fromBehind": "1",
      rollMode: "gmroll",
    };
    expect(parseAttackAnswers(form, facts(false))).toEqual({
      situations: ["fromBehind"],
      defenseSituations: [],
      rollMode: "gmroll",
    });
    expect(parseAttackAnswers({ ...form, rollMode: "loud" }, facts(true))).toEqual({
      situations: ["fromBehind"],
      defenseSituations: ["darkness"],
      rollMode: "publicroll",
    });
  });
});
