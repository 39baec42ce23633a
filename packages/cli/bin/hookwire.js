#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/.
import "../dist/cli.js";
