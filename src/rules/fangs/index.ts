export * from "./character";
export * from "./check";
export * from "./config";
export * from "./types";
