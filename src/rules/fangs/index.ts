export * from "./character";
export * from "./config";
export * from "./types";
