// Where Gemini CLI's settings files live, in the order its merged `hooks` lists run them.
import type { SourceSpec } from "../../dialect-kit/types.js";

/**
 * The top-level keys of Gemini CLI 0.61's settings schema besides `hooks` and `hooksConfig`: a key in
 * neither gets an "unknown key" warning with a did-you-mean.
 */
const OTHER_KEYS = [
  "$schema",
  "general",
  "output",
  "ui",
  "ide",
  "privacy",
  "telemetry",
  "billing",
  "model",
  "modelConfigs",
  "agents",
  "context",
  "tools",
  "mcp",
  "mcpServers",
  "useWriteTodos",
  "security",
  "advanced",
  "experimental",
  "extensions",
  "skills",
  "admin",
  "contextManagement",
  "policyPaths",
  "adminPolicyPaths",
  "hooksConfig",
] as const;

/**
 * What trust covers of a settings file: the hooks, their switches and disabled names (`hooksConfig`), the
 * extensions (which bring hooks) and the environment redaction of what Gemini starts. Not models, UI, tools.
 */
const TRUST_KEYS = ["hooks", "hooksConfig", "extensions", "security.environmentVariableRedaction"];

const settings = {
  format: "json",
  hooksKey: "hooks",
  trustKeys: TRUST_KEYS,
  disableAllKey: "hooksConfig.enabled",
  disableAllWhen: false,
  disabledNamesKey: "hooksConfig.disabled",
  otherKeys: OTHER_KEYS,
} as const;

/**
 * Gemini CLI concatenates each event's list across its files: system defaults, user, workspace, then the
 * system settings (its override file). The workspace file counts only in a trusted folder.
 */
export const geminiSources: readonly SourceSpec[] = [
  { ...settings, scope: "system", root: "system", path: "etc/gemini-cli/system-defaults.json", trust: false },
  { ...settings, scope: "user", root: "home", path: ".gemini/settings.json", trust: false },
  { ...settings, scope: "project", root: "project", path: ".gemini/settings.json", trust: true },
  { ...settings, scope: "system", root: "system", path: "etc/gemini-cli/settings.json", trust: false },
];
