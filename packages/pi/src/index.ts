/**
 * hookwire inside pi: a pi package whose extension loads the project's hookwire modules and other agents'
 * settings hooks with hookwire's discovery and trust, and runs them on pi's events in pi's own process.
 *
 * Install: `pi install npm:@hookwire/pi`, or `hookwire connect pi`.
 *
 * @packageDocumentation
 * @module @hookwire/pi
 * @document ../README.md
 */

export { PI_EVENTS } from "./events.js";
export { default } from "./extension.js";
