import { describe, expect, it } from "vitest";
import {
  EXCHANGE_TEMPLATE,
  exchangeCardView,
  type Viewer,
} from "../../src/rulesets/fangs/chat/exchange-view";
import { exchangePreviewStates } from "../preview/fixtures/exchange-card";
import { previewLocalize } from "../preview/fixtures/page";
import { all, byClass, byTag, parse, text } from "./html";
import { createTemplateRenderer } from "./render";

/** The exchange card's template: what stays in view and what folds under a native <details>. */

const renderer = createTemplateRenderer();
const GM: Viewer = { isGM: true, ownsAttacker: false, ownsTarget: false };
const DEFENDER: Viewer = { isGM: false, ownsAttacker: false, ownsTarget: true };

function rendered(id: string, viewer: Viewer) {
  const shown = exchangePreviewStates().find((s) => s.id === id);
  if (!shown) throw new Error(`no preview state ${id}`);
  const context = exchangeCardView(shown.state(), viewer, previewLocalize, { userName: () => "Gamemaster" });
  return parse(renderer.render(EXCHANGE_TEMPLATE, context));
}

/** Elements outside every <details>, or inside one only as its <summary>. */
function visible(root: ReturnType<typeof parse>, cls: string) {
  return byClass(root, cls).filter((el) => {
    for (let p = el.parent; p; p = p.parent) {
      if ("name" in p && p.name === "summary") return true;
      if ("name" in p && p.name === "details") return false;
    }
    return true;
  });
}

describe("the applied exchange card", () => {
  const root = rendered("applied", GM);

  it("folds the dice, the second roll, the pools' deltas and the CO check", () => {
    const details = byTag(root, "details");
    expect(details.length).toBeGreaterThanOrEqual(2);
    expect(visible(root, "fangs-card__dice")).toHaveLength(0);
    expect(visible(root, "fangs-card__confirmation")).toHaveLength(0);
    expect(text(visible(root, "fangs-exchange__delta"))).not.toContain("Stun 21");
    expect(all(root, (el) => el.name === "summary").every((s) => text(s).trim() !== "")).toBe(true);
  });

  it("keeps the outcome, who loses what and the next action in view", () => {
    expect(text(visible(root, "fangs-exchange__outcome"))).toContain("Critical hit");
    expect(text(visible(root, "fangs-exchange__hurt"))).toContain("loses 11 Stun and 6 HP");
    expect(text(visible(root, "fangs-exchange__delta"))).toContain("is now Stunned");
    expect(visible(root, "fangs-exchange__button").map((b) => b.attribs["data-fangs-action"])).toEqual([
      "undo",
    ]);
  });
});

describe("an autofire burst through a dodge, rendered", () => {
  it("NC-MAN-12: the banner says the hits, never Dodged, above the loss", () => {
    const root = rendered("autofireHits", DEFENDER);
    const banner = text(byClass(root, "fangs-exchange__outcome"));
    expect(banner).toContain("3 hits get through");
    expect(banner).not.toMatch(/dodged/i);
    expect(text(visible(root, "fangs-exchange__hurt"))).toMatch(/loses \d+ Stun and \d+ HP/);
  });
});
