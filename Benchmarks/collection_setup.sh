# Shared by lint.sh and compile.sh, sourced with the badger binary argument as $1: resolves the
# badger binary, moves to the repository root, installs hyperfine, cmark-gfm and GNU time when
# missing, generates the synthetic collection (again when its generator changed), and sets
# `badger`, `root`, `data`, `results`, `files`, `bytes`, `q` (shell quoting for hyperfine) and
# `cmark_cmd` (the cmark-gfm reference over every deck, in one call).

# --- resolve the badger binary (relative to the caller's cwd), then work from the repo root ---
badger_arg=${1:-}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
if [[ -z $badger_arg ]]; then
    badger="$root/.build/release/badger"
elif [[ $badger_arg == */* ]]; then
    if dir=$(cd "$(dirname "$badger_arg")" 2>/dev/null && pwd); then badger=$dir/$(basename "$badger_arg"); else badger=; fi
else
    badger=$(command -v "$badger_arg" || true)
fi
if [[ -z $badger || ! -x $badger ]]; then
    echo "error: badger binary not found or not executable: ${badger_arg:-.build/release/badger}" >&2
    echo "       build it first: swift build -c release" >&2
    exit 2
fi
cd "$root"

# --- tools: hyperfine, cmark-gfm, GNU time (installed with apt-get on Debian/Ubuntu if missing) ---
missing=()
command -v hyperfine >/dev/null || missing+=(hyperfine)
command -v cmark-gfm >/dev/null || missing+=(cmark-gfm)
[[ -x /usr/bin/time ]] || missing+=(time)
command -v python3 >/dev/null || missing+=(python3)
if ((${#missing[@]})); then
    echo "installing: ${missing[*]}" >&2
    if ! command -v apt-get >/dev/null; then
        echo "error: missing ${missing[*]} and apt-get is not available; install them manually" >&2
        exit 2
    fi
    sudo=()
    if ((EUID != 0)); then
        command -v sudo >/dev/null || { echo "error: need root (or sudo) to install ${missing[*]}" >&2; exit 2; }
        sudo=(sudo)
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}" \
        || { "${sudo[@]}" apt-get update && "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"; }
fi

# --- data: generate once; regenerate when the generator changes ---
data=Benchmarks/data/collection
stamp=Benchmarks/data/collection.stamp
results=Benchmarks/results
want_stamp=$(sha256sum Benchmarks/generate_collection.py | cut -d' ' -f1)
if [[ ! -f $data/badger.yml || ! -f $stamp || $(cat "$stamp") != "$want_stamp" ]]; then
    echo "generating $data ..."
    rm -rf "$data.tmp" "$data"
    mkdir -p Benchmarks/data
    python3 Benchmarks/generate_collection.py "$data.tmp"
    mv "$data.tmp" "$data"
    echo "$want_stamp" >"$stamp"
fi
mkdir -p "$results"

shopt -s nullglob
files=("$data"/*.md)
shopt -u nullglob
((${#files[@]})) || { echo "error: no .md files in $data" >&2; exit 2; }
bytes=$(cat "${files[@]}" | wc -c)

q() { printf "'%s'" "${1//\'/\'\\\'\'}"; }   # POSIX single-quoting for hyperfine's sh -c
cmark_cmd="cmark-gfm -e table -e strikethrough -e tasklist --to html"
for f in "${files[@]}"; do cmark_cmd+=" $(q "$f")"; done
cmark_cmd+=" > /dev/null"
