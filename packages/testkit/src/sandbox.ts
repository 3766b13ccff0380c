// Logging in to a running sandbox as its demo user, which tests that drive the feed from outside need first.
// Structural, so the sandbox's own tests and its dependents' can share it without testkit depending on the sandbox.

export interface DemoSandbox {
  readonly httpUrl: string;
  readonly demoUser?: { readonly userId: string; readonly appKey: string } | undefined;
}

/** The access token of an app_login as the sandbox's demo user; throws (naming the status) if there is none. */
export async function demoLogin(sandbox: DemoSandbox): Promise<string> {
  if (sandbox.demoUser === undefined) throw new Error("the sandbox has no demo user");
  const { userId, appKey } = sandbox.demoUser;
  const response = await fetch(`${sandbox.httpUrl}/api_gateway/v1/api/app_login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId, appKey }),
  });
  if (!response.ok) throw new Error(`app_login as the demo user answered ${response.status}`);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}
