export * from "./cases.js";
export * from "./cut-proxy.js";
export * from "./proxy.js";
