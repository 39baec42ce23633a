// `@hookwire/loader/policy`: the policy layer (`hookwire policy`): installed policies, their pins, and the one way
// a policy folder becomes hooks (`openPolicy`), for the CLI and a server serving a policy.
export { type PolicyState, pinRecord } from "./policy/layer.js";
export {
  type OpenPolicyOptions,
  openPolicy,
  pinPolicy,
  policyStatus,
  unpinPolicy,
} from "./policy/open-policy.js";
export { type PolicyPaths, policyDir, policyNameProblem, policyPaths } from "./policy/paths.js";
export { type PolicyKind, type PolicySource, readPolicySources } from "./policy/sources.js";
