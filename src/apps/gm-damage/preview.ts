import en from "../../../lang/en.json";
import { GM_DAMAGE_TEMPLATE, gmDamageDialogContext, type Localize } from "./dialog";

/**
 * The GM damage dialog's preview page, from data: the dialog as the GM sees
 * it with three tokens selected. The page object has the shape of the
 * build's preview pages (test/preview/pages.ts), which lists this as one
 * more page source.
 */

export interface GmDamagePreviewPage {
  id: string;
  title: string;
  group: string;
  frame: "sheet";
  classes: string[];
  width: number;
  parts: { id: string; template: string }[];
  context: () => object;
  expect: string[];
  theme?: "light" | "dark";
}

const strings = en as Record<string, string>;

/** English strings with Foundry's {placeholder} formatting. */
const localize: Localize = (key, data) => {
  const text = strings[key] ?? key;
  return data
    ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in data ? String(data[name]) : m))
    : text;
};

export function gmDamagePreviewPages(): GmDamagePreviewPage[] {
  const page: GmDamagePreviewPage = {
    id: "app-gm-damage",
    title: "GM damage and healing on the selected tokens",
    group: "GM tools",
    frame: "sheet",
    classes: ["fangs", "dialog", "fangs-gm-damage-window"],
    width: 400,
    parts: [{ id: "content", template: GM_DAMAGE_TEMPLATE }],
    context: () => gmDamageDialogContext(["Gru", "Pirate Jenny", "Troll"], localize, "preview-gm-damage"),
    expect: ['input[name="stunPoints"]', 'input[name="hitPoints"]', 'input[name="direction"][checked]'],
  };
  return [page, { ...page, id: "app-gm-damage--dark", title: `${page.title}, dark theme`, theme: "dark" }];
}
