export * from "./config";
export * from "./damage";
export * from "./fighter";
export * from "./melee";
export * from "./moves";
export * from "./ruleset";
export * from "./strike";
export * from "./types";
