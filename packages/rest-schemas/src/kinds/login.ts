// The app_login request and its answers (docs/contract.md, "Login").
import { validateLoginError } from "../gen/validators/login-error.js";
import { validateLoginRequest } from "../gen/validators/login-request.js";
import { validateLoginResponse } from "../gen/validators/login-response.js";
import { validateLoginSuccess } from "../gen/validators/login-success.js";
import type { PayloadKind } from "./spec.js";

export const loginRequestKind: PayloadKind<"loginRequest"> = {
  name: "loginRequest",
  schema: "login-request.schema.json",
  validate: validateLoginRequest,
  ids: [],
  numbers: [],
};

export const loginSuccessKind: PayloadKind<"loginSuccess"> = {
  name: "loginSuccess",
  schema: "login-success.schema.json",
  validate: validateLoginSuccess,
  ids: [],
  numbers: [],
};

export const loginErrorKind: PayloadKind<"loginError"> = {
  name: "loginError",
  schema: "login-error.schema.json",
  validate: validateLoginError,
  ids: [],
  numbers: [],
};

export const loginResponseKind: PayloadKind<"loginResponse"> = {
  name: "loginResponse",
  schema: "login-response.schema.json",
  validate: validateLoginResponse,
  ids: [],
  numbers: [],
  byStatus: { success: loginSuccessKind, error: loginErrorKind },
};
