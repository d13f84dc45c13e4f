import { expect, test } from "bun:test";
import { trpc } from "@client/lib/trpc";
import { screen } from "@testing-library/react";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeUser, testDeps } from "../support/server";

function Me() {
  const me = trpc.auth.me.useQuery();
  return <p>{me.data ? `Hello ${me.data.name}` : "loading"}</p>;
}

test("the render helper talks to the real router in-process", async () => {
  const deps = testDeps();
  const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id, name: "Ada Lovelace" });
  renderWithApp(<Me />, { caller: await callerFor(deps, user.email) });
  expect(await screen.findByText("Hello Ada Lovelace")).toBeTruthy();
});
