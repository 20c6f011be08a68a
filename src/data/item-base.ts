import { html } from "./fields";

/** Every FANGS item has a description (an HTML field in system.json). */
export function itemBaseSchema() {
  return { description: html("FANGS.Item.Description") };
}
