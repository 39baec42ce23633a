// Files that belong to the system, not to a repository: outside the project they are not fingerprinted.
const SYSTEM_PREFIXES = [
  "/usr/",
  "/bin/",
  "/sbin/",
  "/lib/",
  "/lib32/",
  "/lib64/",
  "/libx32/",
  "/etc/",
  "/opt/",
  "/snap/",
  "/nix/store/",
  "/System/",
  "/Library/",
  "/proc/",
  "/sys/",
  "/dev/",
];

export function isSystemFile(file: string): boolean {
  return SYSTEM_PREFIXES.some((prefix) => file.startsWith(prefix));
}
