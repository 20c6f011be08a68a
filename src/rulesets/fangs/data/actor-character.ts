import type { NoBaseData } from "../../../data/fields";
import { migrateActor } from "../../../data/migrations";
import { type ActorBaseDerived, type ActorBaseSchema, actorBaseSchema, prepareActorBase } from "./actor-base";

export type CharacterSchema = ActorBaseSchema;

/** A player character or a human(oid) NPC built like one. */
export class CharacterModel extends foundry.abstract.TypeDataModel<
  CharacterSchema,
  Actor.Implementation,
  NoBaseData,
  ActorBaseDerived
> {
  static override defineSchema(): CharacterSchema {
    return actorBaseSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    migrateActor(source);
    return super.migrateData(source);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    prepareActorBase(this, this.parent);
  }
}
