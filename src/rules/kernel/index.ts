export * from "./deadline";
export * from "./dice";
export * from "./effects";
export * from "./errors";
export * from "./ruleset";
