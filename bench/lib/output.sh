# Where a bench script writes its output, sourced by bench/run, floor, instructions, script-cost
# and compare-ext. Outputs hold dates, paths and machine details, so they belong in no commit:
# the figures worth keeping go into docs/performance.md with their command.

# bench_set_out NAME GIVEN: sets OUT to GIVEN (the script's --out) or, when GIVEN is empty, to
# NAME.txt in a new folder under $TMPDIR that outlives the script. Refuses a path inside the
# checkout.
bench_set_out() {
    local name=$1 given=$2 root dir
    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
    if [ -z "$given" ]; then
        dir=$(mktemp -d "${TMPDIR:-/tmp}/fastqueue-$name.XXXXXX")
        OUT="$dir/$name.txt"
        return 0
    fi
    mkdir -p "$(dirname "$given")"
    dir=$(cd "$(dirname "$given")" && pwd -P)
    case "$dir/" in
        "$root/"*) echo "bench: --out $given is inside the checkout; give a path outside it" >&2; exit 2 ;;
    esac
    OUT="$dir/$(basename "$given")"
}
