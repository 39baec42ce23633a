// Public API of @hookwire/tool-wrapper.
export {};
