#!/bin/sh
# Installs a CaptionKit .deb and what it needs from Debian's archive, on Debian 12: the one set of
# install steps the Containerfile runs and the clean-root test (`make deb-test`) runs, so what is
# tested is what the image does. Recommends (the emoji and CJK fallback fonts) are installed too,
# by name, without pulling every library's own recommendations.
# Usage: install-deb.sh PATH/captionkit_VERSION_ARCH.deb
set -eu
deb=$1
case $deb in /*|./*) ;; *) deb=./$deb ;; esac
export DEBIAN_FRONTEND=noninteractive
recommends=$(dpkg-deb -f "$deb" Recommends | tr -d ',')
apt-get update -qq
apt-get install -y -qq --no-install-recommends "$deb" $recommends
apt-get clean
rm -rf /var/lib/apt/lists/*
captions --version
