export * from "./cases.js";
export * from "./proxy.js";
