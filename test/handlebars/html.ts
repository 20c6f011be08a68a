/**
 * Reading rendered HTML in tests: a parsed tree (htmlparser2) and the
 * accessibility checks every sheet must pass.
 */
import { DomUtils, parseDocument } from "htmlparser2";

export type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

export function parse(html: string) {
  return parseDocument(html);
}

type Root = ReturnType<typeof parse> | Element;

export function all(root: Root, test: (el: Element) => boolean): Element[] {
  return DomUtils.findAll(test, "children" in root ? root.children : []);
}

export function byTag(root: Root, ...names: string[]): Element[] {
  return all(root, (el) => names.includes(el.name));
}

export function byAttr(root: Root, name: string, value?: string): Element[] {
  return all(root, (el) => name in el.attribs && (value === undefined || el.attribs[name] === value));
}

export function byClass(root: Root, cls: string): Element[] {
  return all(root, (el) => (el.attribs.class ?? "").split(/\s+/).includes(cls));
}

export function text(el: Element | Element[]): string {
  return DomUtils.textContent(el).replace(/\s+/g, " ").trim();
}

function ancestors(el: Element): Element[] {
  const out: Element[] = [];
  let node = el.parent;
  while (node && "name" in node) {
    out.push(node as Element);
    node = node.parent;
  }
  return out;
}

const LABELLABLE = ["input", "select", "textarea", "prose-mirror"];

/**
 * Form controls with no accessible name: not the target of a `<label for>`,
 * not inside a `<label>`, with no aria-label or aria-labelledby pointing at
 * an element that exists.
 */
export function unlabelledControls(html: string): string[] {
  const doc = parse(html);
  const ids = new Set(byAttr(doc, "id").map((el) => el.attribs.id));
  const labelled = new Set(byTag(doc, "label").map((l) => l.attribs.for));
  const problems: string[] = [];
  for (const control of byTag(doc, ...LABELLABLE)) {
    if (control.attribs.type === "hidden") continue;
    const id = control.attribs.id;
    const ok =
      (id !== undefined && labelled.has(id)) ||
      ancestors(control).some((a) => a.name === "label") ||
      (control.attribs["aria-label"] ?? "").trim() !== "" ||
      (control.attribs["aria-labelledby"] ?? "").split(/\s+/).some((ref) => ids.has(ref));
    if (!ok) problems.push(`<${control.name} name="${control.attribs.name ?? ""}" id="${id ?? ""}">`);
  }
  for (const label of byTag(doc, "label")) {
    const target = label.attribs.for;
    if (target !== undefined && !ids.has(target))
      problems.push(`<label for="${target}"> points at no element`);
  }
  return problems;
}

/** Buttons with neither text nor an aria-label, and buttons that are not type="button" (they would submit). */
export function badButtons(html: string): string[] {
  const doc = parse(html);
  const problems: string[] = [];
  for (const button of byTag(doc, "button")) {
    const name = (button.attribs["aria-label"] ?? "").trim() || text(button);
    if (!name) problems.push(`button without a name: ${DomUtils.getOuterHTML(button).slice(0, 120)}`);
    if (button.attribs.type !== "button") problems.push(`button without type="button": ${text(button)}`);
  }
  return problems;
}

/** Ids used more than once. */
export function duplicateIds(html: string): string[] {
  const seen = new Map<string, number>();
  for (const el of byAttr(parse(html), "id")) seen.set(el.attribs.id!, (seen.get(el.attribs.id!) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
}

/** Interactive things reached with a mouse only: `data-action` on elements that are not buttons. */
export function mouseOnlyActions(html: string): string[] {
  return byAttr(parse(html), "data-action")
    .filter((el) => el.name !== "button")
    .map((el) => `<${el.name} data-action="${el.attribs["data-action"]}">`);
}
