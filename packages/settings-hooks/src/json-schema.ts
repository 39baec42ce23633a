// A JSON Schema (draft 2020-12) of one dialect's hooks file, generated from its dialect data and zod handler schemas.
import type { Dialect, DialectId } from "./dialect-kit/types.js";
import { loadDialect } from "./dialects/registry.js";
import { zod } from "./lazy-deps.js";
import { handlerSchemas } from "./schema.js";

type JsonSchema = Record<string, unknown>;

/** A handler type's fields as the dialect's files spell them: zod's schema, narrowed and renamed by the dialect. */
function handlerSchema(dialect: Dialect, type: (typeof dialect.settings.handlerTypes)[number]): JsonSchema {
  const { z } = zod();
  // "input": what a file may say (optional fields stay optional, unknown fields are the reader's warnings, not errors).
  const schema = z.toJSONSchema(handlerSchemas[type], { io: "input", target: "draft-2020-12" }) as JsonSchema;
  delete schema.$schema;
  const properties = { ...(schema.properties as Record<string, JsonSchema>) };
  const { handlerFields, handlerAliases = {}, defaultType, timeoutUnit, layout } = dialect.settings;
  let required = [...((schema.required as string[] | undefined) ?? [])];
  if (handlerFields && (type === "command" || type === "http")) {
    for (const field of Object.keys(properties)) if (!handlerFields.includes(field)) delete properties[field];
    // Fields the dialect reads that hookwire's schema has no type for: any value (the reader checks them).
    for (const field of handlerFields) properties[field] ??= {};
  }
  if (layout === "flat") properties.matcher ??= { type: "string" };
  if (timeoutUnit === "milliseconds" && properties.timeout) {
    properties.timeout = { ...properties.timeout, description: "Milliseconds" };
  }
  for (const [written, field] of Object.entries(handlerAliases)) {
    if (properties[field] === undefined) continue;
    properties[written] = properties[field];
    required = required.map((name) => (name === field ? written : name));
  }
  // An aliased field may be written either way (`bash` or `command`): neither name alone is required.
  const aliased = new Set(Object.values(handlerAliases));
  required = required.filter((name) => !aliased.has(name) && !(name === "type" && defaultType === type));
  return { ...schema, properties, required };
}

/** `settingsJsonSchema("claude")`: the schema an editor can check a hooks file with (its `$schema`). */
export async function settingsJsonSchema(id: DialectId): Promise<JsonSchema> {
  const dialect = await loadDialect(id);
  const { settings } = dialect;
  const source = dialect.sources.find((s) => s.format === "json") ?? dialect.sources[0];
  const handler = { oneOf: settings.handlerTypes.map((type) => handlerSchema(dialect, type)) };
  const groupFields = Object.fromEntries((settings.groupFields ?? []).map((field) => [field, {}]));
  const group =
    settings.layout === "flat"
      ? { $ref: "#/$defs/handler" }
      : {
          type: "object",
          properties: {
            matcher: {
              type: "string",
              description: "Tool names (`Bash|Write`) or a regex; absent or `*` matches all",
            },
            hooks: { type: "array", items: { $ref: "#/$defs/handler" } },
            ...groupFields,
          },
          required: ["hooks"],
        };
  const events: Record<string, JsonSchema> = Object.fromEntries(
    dialect.events.map((event) => [
      event.name,
      { type: "array", items: { $ref: "#/$defs/group" }, description: event.description },
    ]),
  );
  if (settings.handlerState) events[settings.handlerState.key] = { type: "object" };
  const hooksKey = source?.hooksKey ?? "hooks";
  const hooks = { type: "object", properties: events, additionalProperties: false };
  // `hooks` or a nested key (`hooksConfig.enabled`): each dotted segment an object.
  const nest = (key: string, value: JsonSchema): [string, JsonSchema] => {
    const [head = key, ...rest] = key.split(".");
    if (rest.length === 0) return [head, value];
    const [inner, schema] = nest(rest.join("."), value);
    return [head, { type: "object", properties: { [inner]: schema } }];
  };
  const properties: Record<string, JsonSchema> = { $schema: { type: "string" } };
  const add = ([key, schema]: [string, JsonSchema]) => {
    const before = properties[key];
    properties[key] =
      before?.properties && schema.properties
        ? { ...before, properties: { ...(before.properties as object), ...(schema.properties as object) } }
        : schema;
  };
  add(nest(hooksKey, hooks));
  if (source?.disableAllKey) add(nest(source.disableAllKey, { type: "boolean" }));
  if (source?.disabledNamesKey)
    add(nest(source.disabledNamesKey, { type: "array", items: { type: "string" } }));
  // A file whose other keys the dialect knows (Claude Code's settings) takes no key outside them: `hook` is a typo.
  for (const key of source?.otherKeys ?? []) properties[key] ??= {};
  const closed = source?.otherKeys !== undefined;
  const required: string[] = [];
  if (settings.version) {
    add([settings.version.key, { const: settings.version.value }]);
    required.push(settings.version.key);
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: `https://hookwire.dev/schema/${id}.json`,
    title: `${dialect.label} hooks (${source?.path ?? id})`,
    type: "object",
    properties,
    ...(closed ? { additionalProperties: false } : {}),
    ...(required.length > 0 ? { required } : {}),
    $defs: { group, handler },
  };
}
