import { describe, expect, it } from "vitest";
import type { Capability } from "../src/capability/types.js";
import { type CapabilityProvider, CapabilityRegistry } from "../src/index.js";

interface Thing {
  name: string;
  from: string;
}

const things: Capability<Thing> = {
  id: "things",
  key: (item) => item.name,
  validate: (item) =>
    typeof (item as Thing | null)?.name === "string" ? undefined : `"name" must be a string`,
};

function provider(id: string, priority: number, names: string[]): CapabilityProvider<Thing> {
  return {
    id,
    displayName: `Provider ${id}`,
    priority,
    load: () => names.map((name) => ({ name, from: id })),
  };
}

describe("CapabilityRegistry", () => {
  it("consults providers highest priority first and keeps registration order on ties", async () => {
    const registry = new CapabilityRegistry();
    registry.registerProvider(things, provider("low", 1, ["l"]));
    registry.registerProvider(things, provider("tie-a", 5, ["a"]));
    registry.registerProvider(things, provider("high", 9, ["h"]));
    registry.registerProvider(things, provider("tie-b", 5, ["b"]));
    const result = await registry.loadCapability(things, { cwd: "/" });
    expect(result.providers.map((p) => p.id)).toEqual(["high", "tie-a", "tie-b", "low"]);
    expect(result.items.map((item) => item.name)).toEqual(["h", "a", "b", "l"]);
  });

  it("keeps the first item of a key and lists later duplicates only in all, marked shadowed", async () => {
    const registry = new CapabilityRegistry();
    registry.registerProvider(things, provider("first", 2, ["x", "y"]));
    registry.registerProvider(things, provider("second", 1, ["y", "z"]));
    const result = await registry.loadCapability(things, { cwd: "/" });
    expect(result.items).toEqual([
      { name: "x", from: "first" },
      { name: "y", from: "first" },
      { name: "z", from: "second" },
    ]);
    expect(result.all.map((entry) => [entry.provider, entry.key, entry.shadowed])).toEqual([
      ["first", "x", false],
      ["first", "y", false],
      ["second", "y", true],
      ["second", "z", false],
    ]);
  });

  it("turns a throwing provider into a warning naming it and still runs the others", async () => {
    const registry = new CapabilityRegistry();
    registry.registerProvider(things, {
      id: "broken",
      displayName: "Broken provider",
      priority: 3,
      load: async () => {
        throw new Error("EACCES: permission denied, scandir '/root/.x'");
      },
    });
    registry.registerProvider(things, provider("fine", 1, ["ok"]));
    const result = await registry.loadCapability(things, { cwd: "/" });
    expect(result.items.map((item) => item.name)).toEqual(["ok"]);
    expect(result.providers.map((p) => [p.id, p.failed])).toEqual([
      ["broken", true],
      ["fine", false],
    ]);
    expect(result.warnings).toMatchInlineSnapshot(`
      [
        {
          "capability": "things",
          "message": "Provider "Broken provider" (broken) failed: EACCES: permission denied, scandir '/root/.x'. Its things were skipped.",
          "provider": "broken",
        },
      ]
    `);
  });

  it("drops invalid items and a non-array result with a warning", async () => {
    const registry = new CapabilityRegistry();
    registry.registerProvider(things, {
      id: "sloppy",
      displayName: "Sloppy",
      priority: 2,
      load: () => [{ name: "good", from: "sloppy" }, { name: 42 } as unknown as Thing],
    });
    registry.registerProvider(things, {
      id: "scalar",
      displayName: "Scalar",
      priority: 1,
      load: () => "nothing" as unknown as Thing[],
    });
    const result = await registry.loadCapability(things, { cwd: "/" });
    expect(result.items).toEqual([{ name: "good", from: "sloppy" }]);
    expect(result.warnings.map((w) => w.message)).toMatchInlineSnapshot(`
      [
        "Provider "Sloppy" (sloppy) returned an invalid item at [1]: "name" must be a string. It was dropped.",
        "Provider "Scalar" (scalar) returned string; expected an array of things.",
      ]
    `);
  });

  it("passes cwd and home to providers", async () => {
    const registry = new CapabilityRegistry();
    let seen: unknown;
    registry.registerProvider(things, {
      id: "ctx",
      displayName: "Ctx",
      priority: 0,
      load: (ctx) => {
        seen = ctx;
        return [];
      },
    });
    await registry.loadCapability("things", { cwd: "/work", home: "/home/ada" });
    expect(seen).toMatchObject({ cwd: "/work", home: "/home/ada" });
  });

  it("removes a provider with the function registerProvider returns", async () => {
    const registry = new CapabilityRegistry();
    const remove = registry.registerProvider(things, provider("gone", 1, ["g"]));
    registry.registerProvider(things, provider("kept", 0, ["k"]));
    remove();
    expect((await registry.loadCapability(things, { cwd: "/" })).items.map((i) => i.name)).toEqual(["k"]);
  });

  it("rejects unknown capabilities, duplicate provider ids and redefinitions with a clear error", () => {
    const registry = new CapabilityRegistry();
    registry.registerProvider(things, provider("one", 1, []));
    expect(() => registry.registerProvider("tools", provider("x", 1, []))).toThrowErrorMatchingInlineSnapshot(
      `[CapabilityError: Unknown capability "tools"; define it first with defineCapability(). Known: things.]`,
    );
    expect(() =>
      registry.registerProvider(things, provider("one", 2, [])),
    ).toThrowErrorMatchingInlineSnapshot(
      `[CapabilityError: Provider "one" is already registered for "things"; provider ids must be unique.]`,
    );
    expect(() =>
      registry.defineCapability({ id: "things", key: () => "" }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[CapabilityError: Capability "things" is already defined; register providers on the existing definition.]`,
    );
    expect(() =>
      registry.registerProvider(things, { ...provider("nan", 1, []), priority: Number.NaN }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[CapabilityError: Provider "nan" of "things" needs a finite number as priority, got NaN.]`,
    );
  });
});
