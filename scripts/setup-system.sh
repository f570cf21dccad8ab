#!/usr/bin/env bash
# System packages the test suites need beyond Node.js and npm, installed with the machine's own
# package manager (Debian). Idempotent: each package is installed only when it is missing.
# Needs root (CI and the project's machines run as root); .ci/run and the README call it.
set -euo pipefail

# Chromium for `npm run test:ui` (the n8n editor in a real browser). playwright-core drives this
# system browser by path: Playwright's own browser download needs a host these machines can't reach.
if ! command -v chromium >/dev/null 2>&1; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "setup-system: chromium is missing; run this script as root (apt-get install chromium)" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends chromium fonts-liberation
fi
echo "setup-system: $(chromium --version 2>/dev/null || echo 'chromium missing')"
