// How an in-process agent's settings name hookwire's package: the test that tells hookwire's item from the user's.

/** `npm:@hookwire/pi`, `npm:@hookwire/pi@1.2.3`, `@hookwire/opencode@latest`: the package, any version. */
export const namesPackage =
  (spec: string) =>
  (item: unknown): boolean =>
    typeof item === "string" &&
    (item === spec || (item.startsWith(`${spec}@`) && !item.slice(spec.length + 1).includes("/")));
