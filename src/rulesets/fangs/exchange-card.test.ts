import { beforeAll, expect, it, vi } from "vitest";
import { attackWith, loadExchange, table } from "../../../test/foundry/chat-fixtures";
import { world } from "../../../test/foundry/chat-stand-in";
import { createTemplateRenderer } from "../../../test/handlebars/render";

/*
 * The exchange card's drawing is a lazy chunk (./exchange-card.ts): a card
 * the log asks for before it has arrived, e.g. a FANGS card in a world of
 * another ruleset, must still be drawn. Its own file, so nothing has
 * loaded the drawing before this test does.
 */

beforeAll(async () => {
  await loadExchange();
  const renderer = createTemplateRenderer();
  const applications = (foundry as unknown as { applications?: Record<string, unknown> }).applications ?? {};
  (foundry as unknown as { applications: Record<string, unknown> }).applications = {
    ...applications,
    handlebars: { getTemplate: async (path: string) => (context: object) => renderer.render(path, context) },
  };
});

it("draws a card asked for before the card's drawing has loaded, as soon as it arrives", async () => {
  const t = await table();
  const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
  world.as(world.defender);
  const { exchangeCardRenderer } = await import("./exchange-card");
  const content = { innerHTML: "", textContent: "", addEventListener() {} };
  if (!("draw" in exchangeCardRenderer)) throw new Error("the exchange card draws itself");
  exchangeCardRenderer.draw(message as never, content as never);
  expect(content.innerHTML).toBe("");
  await vi.waitFor(() => expect(content.innerHTML).toContain('data-choice="dodge"'));
});
