import { byClass, parse, text } from "./html";
import { PREVIEW_KINDS, renderSheetPreview, sampleCheck } from "./preview";
import { createTemplateRenderer } from "./render";

describe("renderSheetPreview", () => {
  const renderer = createTemplateRenderer();

  it.each(PREVIEW_KINDS)("%s: a whole page with the system stylesheet and no missing key", (kind) => {
    const { html, missingKeys } = renderSheetPreview(kind, { renderer });
    expect(missingKeys).toEqual([]);
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain("/* tokens: light */");
    expect(html).toContain(kind.startsWith("check:") ? "fangs-card" : "window-content");
  });

  it("links the stylesheet instead when asked, and applies the dark theme", () => {
    const { html } = renderSheetPreview("character", {
      css: { href: "../styles/fangs.css" },
      theme: "dark",
      renderer,
    });
    expect(html).toContain('<link rel="stylesheet" href="../styles/fangs.css">');
    expect(html).not.toContain("/* tokens: light */");
    expect(html).toContain("theme-dark");
  });

  it("opens the tab asked for", () => {
    const { html } = renderSheetPreview("creature", { tab: "combat", renderer });
    const active = byClass(parse(html), "active").filter((el) => el.name === "section");
    expect(active.map((s) => s.attribs["data-tab"])).toEqual(["combat"]);
    expect(text(byClass(parse(html), "window-title"))).toBe("Cave troll");
  });

  it("shows each level of check from the rules core's own resolution", () => {
    expect(sampleCheck("critical").level).toBe(4);
    expect(sampleCheck("special").level).toBe(3);
    expect(sampleCheck("success").level).toBe(2);
    expect(sampleCheck("failure").level).toBe(1);
    expect(sampleCheck("fumble").level).toBe(0);
  });
});
