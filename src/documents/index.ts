export * from "./actor";
export * from "./item";
export * from "./refusal";
