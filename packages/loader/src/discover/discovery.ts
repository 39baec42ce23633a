// The entry points that need settings-hooks, in one chunk the loader's index imports on first call.

export { projectTrustStatus, revokeProject, trustProject } from "../trust/project-trust.js";
export { discoverAndLoadHooks } from "./discover-and-load.js";
