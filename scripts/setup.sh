#!/usr/bin/env bash
# Prepares a fresh machine that has only Node >= 20 and npm:
# - installs pnpm 10.34.8 where it is missing or another version (corepack is not used: it fails
#   here on registry signatures, and a mismatched pnpm refuses to run);
# - with --browser, installs Debian's chromium for the rendered API reference test, where missing;
# - with --databases, installs (where missing) and starts PostgreSQL 15 and MariaDB, and creates
#   the test users and databases of the introspection tests (see "Databases" below). Idempotent:
#   a second run changes nothing;
# - with --node24, installs a Node 24 binary (the npm package node-linux-<arch>@24) into .node24/
#   of the repository (git-ignored, not a dependency in package.json), for `pnpm run test:node24`.
set -euo pipefail
browser=0
databases=0
node24=0
for arg in "$@"; do
  case "$arg" in
    --browser) browser=1 ;;
    --databases) databases=1 ;;
    --node24) node24=1 ;;
    *) echo "setup: unknown option $arg (options: --browser, --databases, --node24)" >&2; exit 2 ;;
  esac
done

want=10.34.8
if [ "$(pnpm --version 2>/dev/null || true)" != "$want" ]; then
  echo "setup: installing pnpm@$want" >&2
  npm install --global --no-fund --no-audit "pnpm@$want" >&2
fi

apt_updated=0
apt_install() {
  if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
    echo "setup: $* is missing; install it as root with apt-get (Debian)" >&2
    exit 1
  fi
  if [ "$apt_updated" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    apt_updated=1
  fi
  echo "setup: installing Debian's $*" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >&2
}

if [ "$browser" = 1 ] && ! command -v chromium >/dev/null 2>&1; then
  apt_install chromium
fi

if [ "$node24" = 1 ]; then
  root="$(cd "$(dirname "$0")/.." && pwd)"
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "setup: no Node 24 package for $(uname -m); install Node 24 by hand into .node24/bin/node" >&2
      exit 1
      ;;
  esac
  if ! "$root/.node24/bin/node" --version 2>/dev/null | grep -q '^v24\.'; then
    echo "setup: installing Node 24 (node-linux-$arch@24) into .node24/" >&2
    npm install --prefix "$root/.node24" --no-save --no-package-lock --no-fund --no-audit \
      "node-linux-$arch@24" >&2
    mkdir -p "$root/.node24/bin"
    ln -sf "../node_modules/node-linux-$arch/bin/node" "$root/.node24/bin/node"
  fi
  echo "setup: Node 24 is $("$root/.node24/bin/node" --version) at .node24/bin/node" >&2
fi

# --- Databases -------------------------------------------------------------------------------
# The introspection tests and benchmarks reach the servers over TCP on 127.0.0.1 with these
# users (test-only passwords, not secrets; override the tests' URLs with QUERYMODE_TEST_PG_URL
# and QUERYMODE_TEST_MYSQL_URL):
#   PostgreSQL: qm_test (owns database qm_test; CREATEDB, for the tests of statements run in the
#               wrong database), qm_reader (login, no privileges of its own);
#   MariaDB:    qm_test (all privileges on databases named qm_*, with GRANT OPTION),
#               qm_reader (no privileges of its own).
# Each test run creates its own schemas (PostgreSQL) or databases (MariaDB) and drops them.
if [ "$databases" = 1 ]; then
  if [ ! -x /usr/lib/postgresql/15/bin/postgres ]; then apt_install postgresql; fi
  if [ ! -x /usr/sbin/mariadbd ]; then apt_install mariadb-server mariadb-client; fi
  # The clients the tests run printed SQL with, as a user does (psql -f, the mariadb client).
  if ! command -v psql >/dev/null; then apt_install postgresql-client; fi
  if ! command -v mariadb >/dev/null; then apt_install mariadb-client; fi

  # PostgreSQL 15: create the cluster when the package did not, then start it.
  if ! pg_lsclusters -h 2>/dev/null | awk '$1 == "15" && $2 == "main"' | grep -q .; then
    pg_createcluster 15 main >&2
  fi
  if ! pg_lsclusters -h | awk '$1 == "15" && $2 == "main" {print $4}' | grep -q online; then
    echo "setup: starting PostgreSQL 15" >&2
    pg_ctlcluster --skip-systemctl-redirect 15 main start >&2
  fi
  for _ in $(seq 1 60); do
    runuser -u postgres -- pg_isready -q -h 127.0.0.1 -p 5432 && break
    sleep 0.5
  done
  runuser -u postgres -- pg_isready -q -h 127.0.0.1 -p 5432 || { echo "setup: PostgreSQL does not answer on 127.0.0.1:5432" >&2; exit 1; }
  pg() { (cd / && runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -At "$@"); }
  for role in qm_test qm_reader; do
    if [ "$(pg -c "SELECT 1 FROM pg_roles WHERE rolname = '$role'")" != 1 ]; then
      echo "setup: creating PostgreSQL role $role" >&2
      pg -c "CREATE ROLE $role LOGIN PASSWORD '$role'"
    fi
  done
  # The database guard's tests make two databases of their own and drop them.
  if [ "$(pg -c "SELECT rolcreatedb FROM pg_roles WHERE rolname = 'qm_test'")" != t ]; then
    echo "setup: letting PostgreSQL role qm_test create databases" >&2
    pg -c "ALTER ROLE qm_test CREATEDB"
  fi
  if [ "$(pg -c "SELECT 1 FROM pg_database WHERE datname = 'qm_test'")" != 1 ]; then
    echo "setup: creating PostgreSQL database qm_test" >&2
    pg -c "CREATE DATABASE qm_test OWNER qm_test"
  fi
  # moddatetime (PostgreSQL's contrib): the trigger-idiom tests use public.moddatetime(col).
  if [ "$(pg -d qm_test -c "SELECT 1 FROM pg_extension WHERE extname = 'moddatetime'")" != 1 ]; then
    echo "setup: creating the extension moddatetime in database qm_test" >&2
    pg -d qm_test -c "CREATE EXTENSION moddatetime"
  fi

  # MariaDB: its socket directory, then the server, then wait until it answers.
  mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld
  if ! mariadb-admin --protocol=socket -uroot ping >/dev/null 2>&1; then
    echo "setup: starting MariaDB" >&2
    start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd -- --user=mysql
    for _ in $(seq 1 120); do
      mariadb-admin --protocol=socket -uroot ping >/dev/null 2>&1 && break
      sleep 0.5
    done
  fi
  mariadb-admin --protocol=socket -uroot ping >/dev/null 2>&1 || { echo "setup: MariaDB does not answer" >&2; exit 1; }
  my() { mariadb --protocol=socket -uroot -N -B -e "$1"; }
  for user in qm_test qm_reader; do
    for host in localhost 127.0.0.1; do
      if [ -z "$(my "SELECT 1 FROM mysql.user WHERE User = '$user' AND Host = '$host'")" ]; then
        echo "setup: creating MariaDB user '$user'@'$host'" >&2
        my "CREATE USER '$user'@'$host' IDENTIFIED BY '$user'"
      fi
    done
  done
  for host in localhost 127.0.0.1; do
    if ! my "SHOW GRANTS FOR 'qm_test'@'$host'" | grep -q 'qm\\\\_%'; then
      echo "setup: granting qm_test all privileges on databases qm_* ($host)" >&2
      my "GRANT ALL PRIVILEGES ON \`qm\\_%\`.* TO 'qm_test'@'$host' WITH GRANT OPTION"
    fi
  done
fi
