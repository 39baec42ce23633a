// tapable ships types for its index only; its `lib/SyncBailHook.js` exports that same class.
declare module "tapable/lib/SyncBailHook.js" {
  import type { SyncBailHook } from "tapable";

  const SyncBailHookClass: typeof SyncBailHook;
  export default SyncBailHookClass;
}
