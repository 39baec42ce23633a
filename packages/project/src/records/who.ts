// Who and where, for the decision record: the user a call runs as and the machine that answered it.
import os from "node:os";

let osUser: string | undefined;

/** This process's user, by the password database (a variable can say anything), else by `USER` / `LOGNAME`. */
function userName(): string {
  if (osUser === undefined) {
    try {
      osUser = os.userInfo().username;
    } catch {
      // A uid with no entry (a container's): the login variables are all there is.
      osUser = process.env.USER || process.env.LOGNAME || String(process.getuid?.() ?? "");
    }
  }
  return osUser;
}

let hostName: string | undefined;

/**
 * The record's `user` and `host`. `user` is the caller a team server authenticated (its token's name); without one,
 * this OS user: a server on the user's own machine, and an agent running hookwire in-process, run as them.
 */
export function whoAndWhere(user?: string): { user: string; host: string } {
  hostName ??= os.hostname();
  return { user: user ?? userName(), host: hostName };
}
