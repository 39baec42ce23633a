// The entry points that need settings-hooks, in one chunk the loader's index imports on first call.

export { discoverAndLoadHooks } from "./discover-and-load.js";
export { projectTrustStatus, revokeProject, trustProject } from "./project-trust.js";
