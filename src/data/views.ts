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

/** The document's `system` when it is an instance of the model registered for `type`, else null. */
function systemAs(models: object, document: { readonly system: unknown }, type: string): unknown {
  const model = registeredModel(models, type);
  const system = document.system;
  return model && system instanceof model ? system : null;
}

/** The actor's data when its `system` is that type's model, else null. */
export function actorSystemOf<T extends ActorModelType>(
  actor: Actor.Implementation,
  type: T,
): ActorModelOf<T> | null {
  return systemAs(CONFIG.Actor.dataModels, actor, type) as ActorModelOf<T> | null;
}

/** The item's data when its `system` is that type's model (`itemSystem(item, "weapon")`), else null. */
export function itemSystem<T extends ItemModelType>(
  item: Item.Implementation,
  type: T,
): ItemModelOf<T> | null {
  return systemAs(CONFIG.Item.dataModels, item, type) as ItemModelOf<T> | null;
}

/** A schema's data as a document's `system` holds it once prepared, and as its source stores it. */
export type InitializedOf<S extends foundry.data.fields.DataSchema> =
  foundry.data.fields.SchemaField.InitializedData<S>;
export type SourceOf<S extends foundry.data.fields.DataSchema> =
  foundry.data.fields.SchemaField.SourceData<S>;

/**
 * A ruleset's typed view of its actors of any of `types` (its character and
 * its creature, which share one schema): the actor's data, or null for an
 * actor of another type or ruleset. `View` is what the ruleset infers from
 * its schema; the model's class is what is checked.
 */
export function actorView<View>(
  types: readonly ActorModelType[],
): (actor: Actor.Implementation) => View | null {
  return (actor) => {
    for (const type of types) {
      const system = actorSystemOf(actor, type);
      if (system) return system as unknown as View;
    }
    return null;
  };
}

/** A ruleset's typed view of one item type: the item's data, or null for an item of another type. */
export function itemView<View>(type: ItemModelType): (item: Item.Implementation) => View | null {
  return (item) => itemSystem(item, type) as unknown as View | null;
}

/** The document's `system` when it is a data model (its schema describes it), else null. */
export function modelSystem(document: { readonly system: unknown }): foundry.abstract.DataModel.Any | null {
  const system = document.system;
  return system instanceof foundry.abstract.DataModel ? system : null;
}
