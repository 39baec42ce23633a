#!/bin/sh
# SessionStart context: plain stdout on exit 0 is added to the model's context.
project=$(basename "${CLAUDE_PROJECT_DIR:-$PWD}")
echo "Project $project: run \`pnpm test\` before you commit; never edit .env files."
