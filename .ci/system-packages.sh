#!/usr/bin/env bash
# System packages the browser test (Debian's Chromium, driven by Playwright) and the
# PostgreSQL store tests (a real server started with initdb / pg_ctl) need.
# Called by .ci/run before the tests; safe to run again (apt-get is idempotent).
set -euo pipefail
if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
else
    SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends chromium postgresql fonts-dejavu-core
