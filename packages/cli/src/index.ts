// Public API of hookwire.
export {};
