// pages.ts reaches Sharene's round menu, whose dialog module needs Foundry's classes to load.
import "../foundry/install";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findBrowser } from "./browser";
import { renderPreview } from "./render";

/**
 * Lunos's dots by keyboard, in headless Chromium on the preview's pages
 * (the real template and style sheet): each rating is one radio group,
 * one tab stop, its value moved with the arrow keys; the dots drawn
 * follow the checked one at once; the focus is ringed; a read-only sheet
 * moves nothing.
 */

const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"];
const out = mkdtempSync(path.join(tmpdir(), "lunos-keys-"));
let browser: Browser;
let page: Page;

beforeAll(async () => {
  renderPreview({ outDir: out });
  browser = await chromium.launch({ executablePath: findBrowser(), args: FLAGS });
  page = await browser.newPage();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  rmSync(out, { recursive: true, force: true });
});

const open = (id: string) => page.goto(pathToFileURL(path.join(out, `${id}.html`)).href);

/** The focused control's name and value. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return { name: el?.name ?? "", value: el?.value ?? "" };
  });

/** How many of a rating's dots are drawn filled (their fill is the text colour, an empty one's the sheet's). */
const drawnFilled = (rating: string) =>
  page.locator(`[data-rating="${rating}"] .lunos-dot:not(.lunos-dot--none) input`).evaluateAll((els) => {
    const empty = getComputedStyle(els.at(-1)!.closest(".fangs")!).getPropertyValue("--fangs-surface").trim();
    const probe = document.createElement("i");
    probe.style.color = empty;
    document.body.append(probe);
    const emptyRgb = getComputedStyle(probe).color;
    probe.remove();
    return els.filter((el) => getComputedStyle(el).backgroundColor !== emptyRgb).length;
  });

describe("Lunos's dots by keyboard", () => {
  it("a rating is one tab stop; the arrow keys move its value, and the dots drawn follow at once", async () => {
    await open("lunos-actor-kell");
    expect(await drawnFilled("agility")).toBe(4);
    // Tab from the name field: the first rating's checked dot takes the focus.
    await page.focus('input[name="name"]');
    await page.keyboard.press("Tab");
    expect(await focused()).toEqual({ name: "system.abilities.agility", value: "4" });
    await page.keyboard.press("ArrowRight");
    expect(await focused()).toEqual({ name: "system.abilities.agility", value: "5" });
    expect(await page.isChecked('input[name="system.abilities.agility"][value="5"]')).toBe(true);
    expect(await drawnFilled("agility")).toBe(5);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    expect(await focused()).toEqual({ name: "system.abilities.agility", value: "3" });
    expect(await drawnFilled("agility")).toBe(3);
    // The focus is ringed where it is.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe("none");
    // One stop a group: Tab leaves for the next rating's checked dot.
    await page.keyboard.press("Tab");
    expect(await focused()).toEqual({ name: "system.abilities.body", value: "3" });
    // Down to "no dots": none drawn.
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    expect(await focused()).toEqual({ name: "system.abilities.body", value: "0" });
    expect(await drawnFilled("body")).toBe(0);
  });

  it("a read-only sheet's dots take no focus and move nothing", async () => {
    await open("lunos-actor-kell--read-only");
    await page.focus('input[name="name"]').catch(() => undefined);
    await page.locator('[data-rating="agility"] label').nth(2).click({ force: true });
    expect(await page.isChecked('input[name="system.abilities.agility"][value="4"]')).toBe(true);
    expect(await drawnFilled("agility")).toBe(4);
    const tabbable = await page
      .locator('input[type="radio"]')
      .evaluateAll((els) => els.filter((el) => !(el as HTMLInputElement).disabled).length);
    expect(tabbable).toBe(0);
  });
});
