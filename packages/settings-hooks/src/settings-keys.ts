// The top-level keys a settings file may hold: what hookwire reads, and what other tools read from the same file.

/** Keys hookwire reads. */
export const HOOK_SETTINGS_KEYS = ["hooks", "disableAllHooks"] as const;

/**
 * Keys Claude Code reads from its settings files (not hooks, so hookwire leaves them alone). A key in
 * neither list is reported as a warning with a did-you-mean: `"hook"` instead of `"hooks"` would
 * otherwise turn every hook off without a word. Add keys here as Claude Code grows them.
 */
export const OTHER_SETTINGS_KEYS = [
  "$schema",
  "advisorModel",
  "allowedHttpHookUrls",
  "allowedMcpServers",
  "allowManagedHooksOnly",
  "allowManagedMcpServersOnly",
  "allowManagedPermissionRulesOnly",
  "alwaysThinkingEnabled",
  "apiKeyHelper",
  "attribution",
  "autoMemoryEnabled",
  "autoUpdatesChannel",
  "availableModels",
  "awsAuthRefresh",
  "awsCredentialExport",
  "cleanupPeriodDays",
  "companyAnnouncements",
  "deniedMcpServers",
  "disabledMcpjsonServers",
  "effortLevel",
  "enableAllProjectMcpServers",
  "enabledMcpjsonServers",
  "enabledPlugins",
  "env",
  "extraKnownMarketplaces",
  "fastMode",
  "feedbackSurveyRate",
  "fileSuggestion",
  "forceLoginMethod",
  "forceLoginOrgUUID",
  "httpHookAllowedEnvVars",
  "includeCoAuthoredBy",
  "includeGitInstructions",
  "language",
  "model",
  "otelHeadersHelper",
  "outputStyle",
  "permissions",
  "plansDirectory",
  "prefersReducedMotion",
  "respectGitignore",
  "sandbox",
  "showThinkingSummaries",
  "showTurnDuration",
  "skipWebFetchPreflight",
  "spinnerTipsEnabled",
  "spinnerTipsOverride",
  "spinnerVerbs",
  "statusLine",
  "strictKnownMarketplaces",
  "teammateMode",
  "terminalProgressBarEnabled",
  "theme",
  "verbose",
] as const;

/** A plugin's `hooks/hooks.json` holds its hooks and a description. */
export const PLUGIN_HOOKS_KEYS = ["description", "hooks"] as const;
