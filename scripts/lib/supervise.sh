#!/usr/bin/env bash
# supervise.sh NAME COMMAND...: runs COMMAND and starts it again whenever it exits, after
# 1 s, doubling up to 30 s while it keeps dying, back to 1 s once it ran for a minute (the
# same rule as apps/api/src/process/backoff.ts). Used by scripts/start.sh for the API and the
# worker (issue 8 §1). Runs until it is signalled: start.sh starts it with setsid and stops the
# whole process group (this loop and COMMAND) with SIGTERM.
set -uo pipefail
# The signal reaches COMMAND too (same process group); bash runs this trap once COMMAND has
# finished its own graceful stop, so nothing is restarted and the caller's `wait` ends last.
trap 'exit 143' TERM
trap 'exit 130' INT
name=$1
shift
delay=1
while :; do
  started=$SECONDS
  "$@"
  rc=$?
  if ((SECONDS - started >= 60)); then delay=1; fi
  echo "supervise: $name exited with status $rc; restarting in ${delay} s" >&2
  sleep "$delay"
  delay=$((delay * 2 > 30 ? 30 : delay * 2))
done
