#!/bin/sh
# As the official image's: a first argument that is an option, or not a command, is given to node.
set -e
if [ "${1#-}" != "$1" ] || [ -z "$(command -v "$1" || true)" ]; then
  set -- node "$@"
fi
exec "$@"
