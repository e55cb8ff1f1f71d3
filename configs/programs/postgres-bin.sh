#!/bin/sh
# What every script of the postgres preset starts with, sourced after it sets "me": die, and
# bin, the server's folder of the newest version Debian installed (postgres and its tools are
# not in PATH). Run alone, it prints that folder.
die() { echo "${me:-postgres-bin.sh}: $*" >&2; exit 1; }
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || die "no /usr/lib/postgresql/*/bin (apt-get install postgresql)"
[ "${me:-}" ] || echo "$bin"
