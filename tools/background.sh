#!/usr/bin/env bash
# A stage of `make test` run beside the others (each recipe line of make is its own
# shell, so `wait` cannot reach a job started on another line):
#   tools/background.sh start NAME COMMAND...   run COMMAND in the background, its output
#                                               in test-artifacts/NAME.log
#   tools/background.sh wait NAME               wait for it, print its output, and exit
#                                               with its status
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
action=${1:?start or wait}
name=${2:?a name}
log="test-artifacts/$name.log"
status="test-artifacts/$name.status"
pidfile="test-artifacts/$name.pid"
mkdir -p test-artifacts
case $action in
    start)
        shift 2
        rm -f "$status"
        ( "$@" > "$log" 2>&1; echo $? > "$status.part"; mv "$status.part" "$status" ) &
        echo $! > "$pidfile"
        ;;
    wait)
        while [ ! -f "$status" ]; do
            if ! kill -0 "$(cat "$pidfile" 2>/dev/null)" 2>/dev/null && [ ! -f "$status" ]; then
                cat "$log" 2>/dev/null
                echo "background stage $name ended without an exit status (killed?)"
                exit 1
            fi
            sleep 1
        done
        cat "$log"
        code=$(cat "$status")
        [ "$code" -eq 0 ] || echo "background stage $name failed (exit $code)"
        exit "$code"
        ;;
    *)
        echo "usage: $0 start NAME COMMAND... | wait NAME" >&2
        exit 2
        ;;
esac
