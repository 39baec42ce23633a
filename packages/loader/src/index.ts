// Public API of @hookwire/loader.
export {};
