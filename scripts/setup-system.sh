#!/usr/bin/env bash
# System packages the test suites need beyond Node.js and npm, installed with apt-get (Debian).
# Idempotent: only what is missing is installed, and nothing at all when everything is there.
# Needs root when something is missing (CI and the project's machines run as root).
# .ci/run calls it first; CONTRIBUTING.md says when to run it by hand.
set -euo pipefail

missing=()
# need CHECK PACKAGE...: the packages are installed when the shell command CHECK fails.
need() {
	local check="$1"
	shift
	if ! eval "$check" >/dev/null 2>&1; then missing+=("$@"); fi
}

# Redis and PostgreSQL for `npm run test:queue` (n8n in queue mode; scripts/lib/queue.js runs them).
need 'command -v redis-server' redis-server
need 'ls /usr/lib/postgresql/*/bin/initdb' postgresql
# Chromium for `npm run test:ui` (the n8n editor in a real browser). playwright-core drives this
# system browser by path: Playwright's own browser download needs a host these machines can't reach.
need 'command -v chromium' chromium fonts-liberation
# faketime for the quiet-hours e2e test (test/e2e/quietHours.e2e.test.js): it sets the clock of the
# `n8n execute` process under test (libfaketime), the only clock the node reads.
need 'command -v faketime' faketime
# More suites: one `need` line each.

if [ "${#missing[@]}" -eq 0 ]; then
	echo "setup-system: everything is installed"
	exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "setup-system: ${missing[*]} missing; run this script as root (apt-get install ${missing[*]})" >&2
	exit 1
fi

export DEBIAN_FRONTEND=noninteractive NEEDRESTART_MODE=a
apt_opts=(-q -o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
# Debian's redis-server and postgresql packages start their services on the default ports unless a
# policy-rc.d forbids it (Docker images have one). The tests run their own servers on ports of their
# own, so services are kept from starting during this install.
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
	printf '#!/bin/sh\n# put here by scripts/setup-system.sh for the length of its apt-get install\nexit 101\n' >"$policy"
	chmod 755 "$policy"
	trap 'rm -f "$policy"' EXIT
fi

echo "setup-system: installing ${missing[*]}"
# The package lists are usually fresh enough; update them only when the install fails.
if ! apt-get install -y --no-install-recommends "${apt_opts[@]}" "${missing[@]}"; then
	apt-get update "${apt_opts[@]}"
	apt-get install -y --no-install-recommends "${apt_opts[@]}" "${missing[@]}"
fi
echo "setup-system: installed ${missing[*]}"
