import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type AnyActor,
  ask,
  attackWith,
  choices,
  combat,
  itemId,
  loadExchange,
  makeActor,
  pools,
  sendAttack,
  stateOf,
  type Table,
  table,
} from "../../test/foundry/chat-fixtures";
import { type ChatMessage, type TestUser, world } from "../../test/foundry/chat-stand-in";

/**
 * A player can never write through the GM (docs/security.md): each attack
 * a hostile player's client could try on an exchange card, through the
 * stand-in's v13 queries and permission model, and a property test over
 * arbitrary request sequences. Each names the rule it proves in its title.
 */

// biome-ignore lint/suspicious/noExplicitAny: a hostile client may put anything anywhere
type Loose = any;

beforeAll(async () => {
  await loadExchange();
});

/** A GM-owned fighter no player owns (a troll): a sample character of the packs. */
const TROLL = "creatures/troll.json";

/** Gru attacks Jenny; Jenny dodges and fails; the damage is rolled: the card waits at damageRolled. */
async function toDamageRolled(t: Table): Promise<ChatMessage> {
  const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
  world.dice.push(2, 6);
  expect(await ask(world.defender, message, { type: "defend", choice: "dodge" })).toMatchObject({ ok: true });
  expect(await ask(world.player, message, { type: "rollDamage" })).toMatchObject({ ok: true });
  expect(stateOf(message).stage).toBe("damageRolled");
  return message;
}

/** A card written from scratch by `user` (ChatMessage.create runs on that user's client). */
async function postAs(user: TestUser, state: Loose): Promise<ChatMessage> {
  world.as(user);
  const messages = globalThis.ChatMessage as unknown as { create(d: unknown): Promise<ChatMessage> };
  return messages.create({ type: "exchange", system: state });
}

/** `user`'s client tries to update a card; true when the update went through. */
async function edit(user: TestUser, message: ChatMessage, change: (state: Loose) => void): Promise<boolean> {
  const state = JSON.parse(JSON.stringify(stateOf(message))) as Loose;
  change(state);
  world.as(user);
  try {
    await message.update({ system: state } as never, { recursive: false } as never);
    return true;
  } catch {
    return false;
  } finally {
    world.as(world.gm);
  }
}

describe("a card no GM wrote is refused at every step (docs/security.md: steps)", () => {
  it("a player's card made from scratch at damageRolled, with effects of its own making, is not applied", async () => {
    const t = await table();
    const troll = await makeActor(TROLL);
    const real = await toDamageRolled(t);
    const before = { troll: pools(troll), gru: pools(t.gru), jenny: pools(t.jenny) };
    const forged = await postAs(world.player, {
      ...JSON.parse(JSON.stringify(stateOf(real))),
      target: { ...stateOf(real).target, actorUuid: troll.uuid, tokenUuid: null },
      damage: {
        ...stateOf(real).damage,
        effects: [
          { kind: "pool", actorId: troll.uuid, pool: "hitPoints", amount: 999 },
          { kind: "pool", actorId: t.gru.uuid, pool: "hitPoints", amount: -500 },
        ],
      },
    });
    expect(stateOf(forged).stage).toBe("damageRolled");
    for (const user of [world.player, world.gm])
      expect(await ask(user, forged, { type: "apply" })).toMatchObject({
        ok: false,
        code: "not-gm-card",
        messageKey: "FANGS.Chat.Refusal.NotGMCard",
      });
    expect(await ask(world.gm, forged, { type: "undo" })).toMatchObject({ ok: false });
    expect({ troll: pools(troll), gru: pools(t.gru), jenny: pools(t.jenny) }).toEqual(before);
    expect(forged.updates).toEqual([]);
  });

  it("an applied card cannot be set back to damageRolled by the player and applied again", async () => {
    const t = await table();
    const message = await toDamageRolled(t);
    expect(await ask(world.defender, message, { type: "apply" })).toMatchObject({ ok: true });
    const once = pools(t.jenny);
    // The GM wrote the card: the player's client may not update it.
    expect(
      await edit(world.player, message, (s) => {
        s.stage = "damageRolled";
        s.application = null;
      }),
    ).toBe(false);
    expect(await ask(world.player, message, { type: "apply" })).toMatchObject({
      ok: false,
      code: "already-applied",
    });
    expect(pools(t.jenny)).toEqual(once);
  });

  it("the stored weapon damage formula cannot be edited to 1d8+200 before the damage step", async () => {
    const t = await table();
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    world.dice.push(2);
    await ask(world.defender, message, { type: "defend", choice: "dodge" });
    expect(
      await edit(world.player, message, (s) => {
        s.declaration.weapon.damage = "1d8+200";
        s.weapon.damage = "1d8+200";
      }),
    ).toBe(false);
    world.dice.push(6);
    await ask(world.player, message, { type: "rollDamage" });
    expect(stateOf(message).damage?.result).toMatchObject({ damage: 9 });
  });

  it("application.deltas cannot be edited before the GM's Undo: Undo puts back exactly what was changed", async () => {
    const t = await table();
    const message = await toDamageRolled(t);
    const before = pools(t.jenny);
    const gruBefore = pools(t.gru);
    await ask(world.gm, message, { type: "apply" });
    expect(
      await edit(world.player, message, (s) => {
        s.application.deltas = [
          { kind: "pool", actorUuid: t.gru.uuid, pool: "hitPoints", before: 500, after: gruBefore.hp },
          ...s.application.deltas,
        ];
      }),
    ).toBe(false);
    expect(await ask(world.gm, message, { type: "undo" })).toMatchObject({ ok: true });
    expect(pools(t.jenny)).toEqual(before);
    expect(pools(t.gru)).toEqual(gruBefore);
  });

  it("a card naming someone else's actor as the attacker records nothing on that actor's combatant", async () => {
    const t = await table();
    const c = await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: "attack" }]);
    const real = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    const jenny = c.getCombatantsByActor(t.jenny)[0]!;
    const before = JSON.stringify(jenny.system);
    const updates = jenny.updates.length;
    const state = JSON.parse(JSON.stringify(stateOf(real))) as Loose;
    state.attacker = { ...state.target };
    state.target = { ...stateOf(real).attacker };
    state.setup.trades = { ...state.setup.trades, parryModifier: -40, dodgeModifier: -40 };
    state.special = {
      kind: "retreat",
      response: "chase",
      result: {
        mayAttack: false,
        attackModifier: 0,
        followPaces: 0,
        restrictions: [{ kind: "noAttack", round: 1 }],
        noteKey: "x",
      },
    };
    state.stage = "declined";
    const forged = await postAs(world.player, state);
    expect(JSON.stringify(jenny.system)).toBe(before);
    // Even handed to the GM's count directly, a card no GM wrote counts nothing.
    world.as(world.gm);
    const { recordNewAttack } = await import("../rulesets/fangs/chat/exchange-flow");
    await recordNewAttack(forged as never);
    expect(JSON.stringify(jenny.system)).toBe(before);
    expect(jenny.updates.length).toBe(updates);
    expect(world.notices).toContain(game.i18n!.localize("FANGS.Chat.Record.NotGMCard"));
  });
});

describe("the active GM derives the attack from the documents (docs/security.md: startAttack)", () => {
  it("posts the card as the GM's, with the declaration read from Gru's sheet", async () => {
    const t = await table();
    world.dice.push(15);
    expect(await sendAttack(world.player, choices(t))).toMatchObject({ ok: true });
    const card = [...(game.messages as unknown as Iterable<ChatMessage>)].at(-1)!;
    expect(card.author).toBe(world.gm.id);
    expect(stateOf(card).declaration.weapon.damage).toBe("1d8+2");
    expect(stateOf(card).history[0]).toMatchObject({ event: "create", by: world.player.id });
  });

  it("refuses an attack with someone else's actor, a weapon not the attacker's, a forged sender, and trades past the rules", async () => {
    const t = await table();
    const jennyWeapon = itemId(t.jenny, "Shortsword");
    const refusals: [Loose, boolean][] = [
      [
        choices(t, {
          attackerUuid: t.jenny.uuid,
          weaponId: jennyWeapon,
          targetActorUuid: t.gru.uuid,
          targetTokenUuid: t.gruToken.uuid,
          attackerTokenUuid: null,
        }),
        true,
      ],
      [choices(t, { weaponId: jennyWeapon }), true],
      [choices(t, { userId: world.defender.id }), true],
      [choices(t, { userId: world.gm.id }), true],
      [choices(t), false],
      [choices(t, { answers: { ...choices(t).answers, parryToAttack: 99 } }), true],
      [choices(t, { answers: { ...choices(t).answers, subdual: true } }), true],
      [choices(t, { answers: { ...choices(t).answers, rollMode: "selfroll" } }), true],
      [choices(t, { targetActorUuid: t.gru.uuid, targetTokenUuid: t.gruToken.uuid }), true],
      [choices(t, { targetActorUuid: t.gru.uuid }), true],
    ];
    for (const [payload, confirm] of refusals) {
      world.dice.push(15);
      expect(await sendAttack(world.player, payload, confirm)).toMatchObject({ ok: false });
      world.dice.length = 0;
    }
    expect([...(game.messages as unknown as Iterable<ChatMessage>)]).toEqual([]);
  });

  it("a player with no GM connected is told so, and nothing is rolled or posted", async () => {
    const t = await table();
    world.gm.active = false;
    world.gm2.active = false;
    const { start } = await loadExchange();
    world.as(world.player);
    world.player.targets.add({ document: t.jennyToken, actor: t.jenny, name: "Pirate Jenny" });
    world.dice.push(15);
    expect(await start.startAttack(t.gru, t.sword, { event: { shiftKey: true } as never })).toBe(false);
    expect(world.notices.at(-1)).toBe(game.i18n!.localize("FANGS.Chat.NoGM"));
    expect(world.dice).toEqual([15]);
    expect([...(game.messages as unknown as Iterable<ChatMessage>)]).toEqual([]);
  });
});

/* -------------------------------------------- */
/*  Any sequence of a player's requests         */
/* -------------------------------------------- */

/** What the player does not own, as it stands: Jenny, her items, her combatant, and the GM's troll. */
function unowned(t: Table, troll: AnyActor, c: Loose): string {
  const actor = (a: AnyActor) => ({
    system: (a as unknown as { system: { toObject?: () => unknown } }).system,
    items: a.items.map((i) => JSON.stringify(i.system)),
    statuses: [...((a as unknown as { statuses: Set<string> }).statuses ?? [])],
  });
  return JSON.stringify({
    jenny: actor(t.jenny),
    troll: actor(troll),
    jennyCombatant: c.getCombatantsByActor(t.jenny)[0]?.system,
  });
}

const junkId = fc.stringMatching(/^[A-Za-z0-9]{1,20}$/);

describe("property: no request sequence of a player changes what it does not own (docs/security.md)", () => {
  it("startAttack, exchange steps and forged cards with arbitrary payloads leave Jenny, her combatant and the troll as they were", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant("attack" as const),
              attacker: fc.constantFrom("gru", "jenny", "troll", "junk"),
              weapon: fc.constantFrom("sword", "jennys", "junk"),
              target: fc.constantFrom("jenny", "troll", "gru", "none"),
              userId: fc.constantFrom("player", "defender", "gm", "junk"),
              answers: fc.oneof(
                fc.record({
                  situational: fc.integer({ min: -50, max: 50 }),
                  attackToDamage: fc.integer({ min: -2, max: 20 }),
                  parryToAttack: fc.integer({ min: -2, max: 20 }),
                  attackToParry: fc.integer({ min: -2, max: 20 }),
                  mode: fc.constantFrom("strike", "flatOfBlade", "grapple", "x"),
                  subdual: fc.boolean(),
                  rollMode: fc.constantFrom("publicroll", "gmroll", "blindroll", "selfroll"),
                  special: fc.constantFrom(null, "chase", "attackAsItLeaves"),
                }),
                fc.anything(),
              ),
              free: fc.constantFrom(null, "chargeFreeAttack", "dodgePast", "x"),
            }),
            fc.record({
              kind: fc.constant("step" as const),
              card: fc.nat(5),
              intent: fc.oneof(
                fc.record({
                  type: fc.constantFrom(
                    "defend",
                    "rollDamage",
                    "resolveFumble",
                    "apply",
                    "undo",
                    "cancel",
                    "takeFreeAttack",
                  ),
                  choice: fc.constantFrom("dodge", "weaponParry", "none", "dodgePast"),
                  option: fc.constantFrom("hitSelf", "hitAnother", "dropWeapon", "x"),
                  victimUuid: fc.constantFrom(null, "troll", "jenny"),
                  healthDamaging: fc.boolean(),
                }),
                fc.anything(),
              ),
              revision: fc.oneof(fc.nat(6), fc.anything()),
            }),
            fc.record({
              kind: fc.constant("forge" as const),
              card: fc.nat(5),
              victim: fc.constantFrom("jenny", "troll"),
              amount: fc.integer({ min: -999, max: 999 }),
              stage: fc.constantFrom("damageRolled", "applied", "attackRolled", "fumbled"),
            }),
            fc.record({ kind: fc.constant("raw" as const), payload: fc.anything(), query: junkId }),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        async (requests) => {
          const t = await table();
          const troll = await makeActor(TROLL);
          const c = await combat(
            [t.gru, { maneuver: "attack" }],
            [t.jenny, { maneuver: "attack" }],
            [troll, { maneuver: "attack" }],
          );
          const trollToken = world.token(troll as never, "Troll");
          // One card the GM posted for Gru's attack on Jenny, for the requests to aim at.
          world.dice.push(15);
          expect(await sendAttack(world.player, choices(t))).toMatchObject({ ok: true });
          const before = unowned(t, troll, c);
          const uuids: Record<string, string> = {
            gru: t.gru.uuid,
            jenny: t.jenny.uuid,
            troll: troll.uuid,
            junk: "Actor.junk",
          };
          const tokens: Record<string, string | null> = {
            gru: t.gruToken.uuid,
            jenny: t.jennyToken.uuid,
            troll: trollToken.uuid,
            none: null,
          };
          const weapons: Record<string, string> = {
            sword: t.sword,
            jennys: itemId(t.jenny, "Shortsword"),
            junk: "junk",
          };
          const cards = () => [...(game.messages as unknown as Iterable<ChatMessage>)];
          let n = 0;
          for (const r of requests) {
            // Dice that fit any die the stand-in rolls, so a request is never stopped by the dice alone.
            world.dice.length = 0;
            world.dice.push(...Array(24).fill(3));
            if (r.kind === "attack") {
              const userIds: Record<string, string> = {
                player: world.player.id,
                defender: world.defender.id,
                gm: world.gm.id,
                junk: "junk",
              };
              const payload = {
                userId: userIds[r.userId],
                requestId: `prop${String(++n).padStart(8, "0")}`,
                attackerUuid: uuids[r.attacker],
                attackerTokenUuid: null,
                weaponId: weapons[r.weapon],
                targetActorUuid: r.target === "none" ? uuids.jenny : uuids[r.target],
                targetTokenUuid: r.target === "none" ? null : tokens[r.target],
                free: r.free,
                answers: r.answers,
              };
              await sendAttack(world.player, payload);
            } else if (r.kind === "step") {
              const card = cards()[r.card % Math.max(1, cards().length)];
              const intent =
                typeof r.intent === "object" && r.intent !== null && "victimUuid" in r.intent
                  ? {
                      ...r.intent,
                      victimUuid: r.intent.victimUuid ? uuids[r.intent.victimUuid as string] : null,
                    }
                  : r.intent;
              world.as(world.player);
              const { authority } = await loadExchange();
              await authority.requestStep(card?.id ?? "nosuchmessage", intent as never, r.revision as never);
            } else if (r.kind === "forge") {
              const card = cards()[r.card % Math.max(1, cards().length)];
              if (!card) continue;
              const state = JSON.parse(JSON.stringify(stateOf(card))) as Loose;
              state.stage = r.stage;
              state.damage = {
                result: state.damage?.result ?? { damage: 0 },
                effects: [{ kind: "pool", actorId: uuids[r.victim], pool: "hitPoints", amount: r.amount }],
              };
              const forged = await postAs(world.player, state).catch(() => null);
              if (forged) {
                world.as(world.player);
                const { authority } = await loadExchange();
                await authority.requestStep(forged.id, { type: "apply" }, stateOf(forged).revision);
                await authority.requestStep(forged.id, { type: "undo" }, stateOf(forged).revision);
              }
              await edit(world.player, card, (s) => {
                s.stage = r.stage;
                s.damage = state.damage;
              });
            } else {
              world.as(world.player);
              await world.gm
                .query(r.query.startsWith("f") ? "fangs.exchange" : "fangs.startAttack", r.payload)
                .catch(() => null);
            }
            world.as(world.gm);
          }
          // The player alone never gets Jenny's defense, nor the GM's: nothing of hers or the troll's changes.
          expect(unowned(t, troll, c)).toBe(before);
          // A card the GM wrote was written by GMs only (a player may edit only its own messages).
          for (const card of cards())
            if (card.author === world.gm.id)
              expect(card.updates.every((u) => u.by === world.gm.id)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe("a malformed click (docs/security.md)", () => {
  it("a step with no intent, or one that is not an object, is refused on the player's client and changes nothing", async () => {
    const t = await table();
    const message = await toDamageRolled(t);
    const before = JSON.stringify(stateOf(message));
    const { authority } = await loadExchange();
    world.as(world.player);
    for (const intent of [null, undefined, 7, "apply"]) {
      const answer = await authority.requestStep(message.id, intent as never, stateOf(message).revision);
      expect(answer).toMatchObject({ ok: false });
    }
    world.as(world.gm);
    expect(JSON.stringify(stateOf(message))).toBe(before);
  });
});
