// Placeholder until this workspace package is filled in.
export {};
