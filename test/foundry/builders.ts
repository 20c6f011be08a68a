/**
 * Small builders for Foundry-layer tests. They create documents through the
 * stand-in (import "./setup" first), so updates find them in game.actors /
 * game.items like Foundry's would.
 */
import type { FangsActor } from "../../src/documents/actor";
import type { FangsItem } from "../../src/documents/item";
import { type PackInput, StandInCompendium, StandInScene } from "./stand-in";

type Obj = Record<string, unknown>;

export interface CharacteristicsInput {
  st?: number;
  ag?: number;
  co?: number;
  in?: number;
  pw?: number;
  sz?: number;
  ap?: number;
}

export function characteristics(c: CharacteristicsInput = {}): Required<CharacteristicsInput> {
  return { st: 10, ag: 10, co: 10, in: 10, pw: 10, sz: 10, ap: 10, ...c };
}

export const weapon = (name: string, system: Obj = {}): Obj => ({ name, type: "weapon", system });
export const shield = (name: string, system: Obj = {}): Obj => ({ name, type: "shield", system });
export const armor = (name: string, system: Obj = {}): Obj => ({ name, type: "armor", system });
export const skill = (name: string, system: Obj = {}): Obj => ({ name, type: "skill", system });

interface ActorInput {
  name?: string;
  type?: "character" | "creature";
  characteristics?: CharacteristicsInput;
  system?: Obj;
  items?: Obj[];
}

function actorClass(): { create(data: Obj): Promise<unknown> } {
  return CONFIG.Actor.documentClass as unknown as { create(data: Obj): Promise<unknown> };
}

/** Creates a world actor (in game.actors). */
export async function createActor(input: ActorInput = {}): Promise<FangsActor> {
  const actor = await actorClass().create({
    name: input.name ?? "Gru the Sellsword",
    type: input.type ?? "character",
    system: { ...input.system, characteristics: characteristics(input.characteristics) },
    items: input.items ?? [],
  });
  if (!actor) throw new Error("the actor was not created");
  return actor as FangsActor;
}

/** Creates a world item (in game.items). */
export async function createItem(data: Obj): Promise<FangsItem> {
  const cls = CONFIG.Item.documentClass as unknown as { create(data: Obj): Promise<unknown> };
  const item = await cls.create(data);
  if (!item) throw new Error("the item was not created");
  return item as FangsItem;
}

/** The actor's embedded item with this name. */
export function itemNamed(actor: FangsActor, name: string): FangsItem {
  const item = actor.items.find((i) => i.name === name);
  if (!item) throw new Error(`${actor.name} has no item named ${name}`);
  return item as FangsItem;
}

/** Adds a scene (in game.scenes); place tokens with `scene.addToken`. */
export function createScene(name = "The Old Mill"): StandInScene {
  const scene = new StandInScene(name);
  (game as unknown as { scenes: Map<string, unknown> }).scenes.set(scene.id, scene);
  return scene;
}

/** Adds a compendium pack (in game.packs); its documents are built as Foundry loads them. */
export function createPack(input: PackInput): StandInCompendium {
  const pack = new StandInCompendium(input);
  (game as unknown as { packs: Map<string, unknown> }).packs.set(pack.collection, pack);
  return pack;
}
