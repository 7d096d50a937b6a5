#!/usr/bin/env bash
# Regenerates pnp/assets/icc/SWOP_TR005_300.icc, the press profile `--profile swop` converts to,
# from the SWOP characterization data of CGATS TR 005 (Debian's icc-profiles-free packages it)
# with ArgyllCMS's colprof (Debian's argyll): medium quality, K generation "ramp", total ink 300 %.
# The header's creation date is zeroed so that the same data give the same bytes.
#   sudo apt install icc-profiles-free argyll && scripts/make_swop_profile.sh
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/pnp/assets/icc/SWOP_TR005_300.icc"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp /usr/share/color/icc/TR005.ti3 "$work/TR005.ti3"
(cd "$work" && colprof -qm -kr -l300 -L280 -D "SWOP TR005 coated, 300% TAC (pnp)" \
    -C "Profile built by pnp from CGATS TR 005 characterization data (NPES); data packaged by icc-profiles-free, zlib" \
    TR005 > /dev/null)
python3 - "$work/TR005.icc" "$out" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
data[24:36] = bytes(12)
open(sys.argv[2], "wb").write(data)
PY
