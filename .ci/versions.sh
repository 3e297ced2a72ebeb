# Versions CI pins, read by .ci/run and .ci/stand-in-images.
# Node.js 24 LTS, the recommended runtime (README): the newest 24.x of the registry's `node` package
# (npm view node versions). CI runs the suite on it and puts it in the stand-in for the Dockerfile's
# node:24-bookworm-slim.
NODE24_VERSION=24.21.0
# the npm of that stand-in (the official image ships the npm that comes with Node.js)
NPM11_VERSION=11.21.2
