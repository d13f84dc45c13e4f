#!/bin/sh
# Installs whatever is missing, then runs one task: start | dev | test | build | bench | demo | backup | restore
# | migrate-to-postgres.
# Idempotent: a second run skips what is done. POSIX sh, so it runs where only Node and npm exist.
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BUN_VERSION=1.4.5
task=${1:-start}
[ $# -gt 0 ] && shift

say() { printf '[setup] %s\n' "$*"; }
die() { printf '[setup] %s\n' "$*" >&2; exit 1; }

# Bun from the npm registry, into .tools/ (no root needed).
if ! command -v bun >/dev/null 2>&1; then
  if [ ! -x "$ROOT/.tools/node_modules/.bin/bun" ]; then
    command -v npm >/dev/null 2>&1 || die "npm is missing: install Node.js 20+ (with npm) first."
    say "installing Bun $BUN_VERSION from npm into .tools/"
    npm install --prefix "$ROOT/.tools" --no-save --no-package-lock --no-audit --no-fund "bun@$BUN_VERSION" >/dev/null 2>&1 ||
      die "could not install Bun from npm: run 'npm install -g bun@$BUN_VERSION' and try again."
  fi
  PATH="$ROOT/.tools/node_modules/.bin:$PATH"
  export PATH
fi

# Debian packages, only those missing; apt-get needs root.
apt_install() {
  missing=""
  for spec in "$@"; do
    cmd=${spec%%:*}
    pkg=${spec#*:}
    command -v "$cmd" >/dev/null 2>&1 && continue
    case " $missing " in *" $pkg "*) ;; *) missing="$missing $pkg" ;; esac
  done
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    die "missing:$missing. Install them (Debian: apt-get install$missing) and run again."
  fi
  say "installing$missing with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing; } >/dev/null 2>&1 ||
    die "apt-get could not install$missing: install them by hand and run again."
}

# Dependencies from the lockfile, re-run only when the lockfile changes.
stamp=node_modules/.bun-lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s bun.lock "$stamp"; then
  say "installing dependencies (frozen lockfile)"
  bun install --frozen-lockfile >/dev/null
  cp bun.lock "$stamp"
fi

# Production client, rebuilt only when a client or shared source is newer than the build.
build_client() {
  if [ ! -f client/dist/index.html ] || [ -n "$(find client shared -newer client/dist/index.html -type f ! -path 'client/dist/*' | head -n 1)" ]; then
    say "building the client"
    bun run client/build.ts
  fi
}

case "$task" in
  start)
    apt_install ffmpeg:ffmpeg ffprobe:ffmpeg
    build_client
    # exec all the way down, so npm's signals reach the keeper, which passes them to the server. The
    # keeper is tied to npm (if npm is killed, the keeper gets SIGTERM and stops the server cleanly).
    if command -v setpriv >/dev/null 2>&1 && setpriv --pdeathsig TERM -- true 2>/dev/null; then
      exec setpriv --pdeathsig TERM -- bun server/keeper.ts "$@"
    fi
    exec bun server/keeper.ts "$@"
    ;;
  dev)
    apt_install ffmpeg:ffmpeg ffprobe:ffmpeg
    exec bun run client/dev.ts "$@"
    ;;
  build)
    build_client
    ;;
  test)
    apt_install ffmpeg:ffmpeg ffprobe:ffmpeg chromium:chromium nginx:nginx
    [ -e /usr/lib/nginx/modules/ngx_rtmp_module.so ] || apt_install __rtmp_module__:libnginx-mod-rtmp
    # promtool (the /metrics linter) ships in Debian's Prometheus server package. The tests need the
    # checker only, so a server the package's install may have started is stopped again.
    if ! command -v promtool >/dev/null 2>&1; then
      apt_install promtool:prometheus
      { systemctl disable --now prometheus || /etc/init.d/prometheus stop; } >/dev/null 2>&1 || true
    fi
    # A private PostgreSQL server for the PostgreSQL tests (test/support/postgres.ts). Debian keeps its
    # programs off the PATH, under /usr/lib/postgresql/<version>/bin; a cluster the package's install
    # may have started is stopped again: the tests start their own.
    if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
      apt_install __postgresql__:postgresql
      { systemctl disable --now postgresql || /etc/init.d/postgresql stop; } >/dev/null 2>&1 || true
    fi
    build_client
    exec sh test/run.sh "$@"
    ;;
  bench)
    apt_install ffmpeg:ffmpeg ffprobe:ffmpeg nginx:nginx
    [ -e /usr/lib/nginx/modules/ngx_rtmp_module.so ] || apt_install __rtmp_module__:libnginx-mod-rtmp
    build_client
    exec sh test/bench/run.sh "$@"
    ;;
  demo)
    apt_install ffmpeg:ffmpeg ffprobe:ffmpeg
    build_client
    exec bun --max-http-header-size=65536 server/demo/main.ts "$@"
    ;;
  backup | restore)
    exec bun server/platform/backup/cli.ts "$task" "$@"
    ;;
  migrate-to-postgres)
    exec bun server/tools/migrate-to-postgres.ts "$@"
    ;;
  *) die "unknown task '$task' (start, dev, test, build, bench, demo, backup, restore, migrate-to-postgres)" ;;
esac
