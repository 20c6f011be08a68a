import type { RulesetActorModels, RulesetItemModels } from "../config/fvtt-configuration";

/**
 * The shared way to read a document's `system` as its type's model, for
 * any ruleset's type. Each ruleset declares its models' classes for
 * TypeScript from its own folder (src/rulesets/<id>/config/types.ts, the
 * interfaces of src/config/fvtt-configuration.ts), and Foundry builds a
 * document's `system` from CONFIG.<Document>.dataModels, which every
 * registered ruleset's definition fills (src/config/document-classes.ts).
 * A ruleset's own typed views, inferred from its schemas, are in its
 * folder (FANGS's: src/rulesets/fangs/data/views.ts).
 *
 * Foundry types `system` as the union of every sub-type's (a module's
 * included), and `type` does not narrow it; the model's class does.
 */

export type ActorModelType = keyof RulesetActorModels & string;
export type ItemModelType = keyof RulesetItemModels & string;

/** The prepared `system` of an actor or item type: an instance of its model. */
export type ActorModelOf<T extends ActorModelType> = InstanceType<RulesetActorModels[T]>;
export type ItemModelOf<T extends ItemModelType> = InstanceType<RulesetItemModels[T]>;

/** The model Foundry builds a type's `system` from, when one is registered (the type is a declared one). */
function registeredModel(models: object, type: string): (abstract new (...args: never[]) => object) | null {
  const model: unknown = (models as Record<string, unknown>)[type];
  return typeof model === "function" ? (model as abstract new (...args: never[]) => object) : null;
}

/** The actor's data when its `system` is that type's model, else null. */
export function actorSystemOf<T extends ActorModelType>(
  actor: Actor.Implementation,
  type: T,
): ActorModelOf<T> | null {
  const model = registeredModel(CONFIG.Actor.dataModels, type);
  const system: unknown = actor.system;
  return model && system instanceof model ? (system as ActorModelOf<T>) : null;
}

/** The item's data when its `system` is that type's model (`itemSystem(item, "weapon")`), else null. */
export function itemSystem<T extends ItemModelType>(
  item: Item.Implementation,
  type: T,
): ItemModelOf<T> | null {
  const model = registeredModel(CONFIG.Item.dataModels, type);
  const system: unknown = item.system;
  return model && system instanceof model ? (system as ItemModelOf<T>) : null;
}

/** The document's `system` when it is a data model (its schema describes it), else null. */
export function modelSystem(document: { readonly system: unknown }): foundry.abstract.DataModel.Any | null {
  const system = document.system;
  return system instanceof foundry.abstract.DataModel ? system : null;
}
