#!/bin/sh
# gecodefix.sh DIR: writes DIR/gecodefix.msc, a MiniZinc solver configuration for Debian's Gecode
# 6.2.0 (fzn-gecode) with a copy of its library that flattens models including globals.mzn.
#
# Debian's minizinc 2.6.4 package ships Gecode 6.2.0's library, whose inverse.mzn and nvalue.mzn
# redefine the globals themselves (the pre-2.5 way) and hide the standard library's 2.6 functions
# (inverse of var opt int, the nvalue function): every model that includes globals.mzn fails to
# type-check ("no function or predicate with this signature found: `inverse(...)'"). Without those
# two files the standard library's inverse and nvalue apply, decomposed, and Gecode keeps its own
# propagators for every other global. bench/fzn -check gecodestd uses the second configuration
# (below) to check csp's solutions. select.py -gecode gecodefix and bench/fzn -gecode gecodefix
# use it; MZN_SOLVER_PATH must name DIR.
set -e
dir=${1:?usage: gecodefix.sh DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
rm -rf "$dir/gecodefix"
cp -r /usr/share/minizinc/gecode "$dir/gecodefix"
rm "$dir/gecodefix/inverse.mzn" "$dir/gecodefix/nvalue.mzn"
sed -e 's/"org.gecode.gecode"/"org.gecode.gecodefix"/' -e 's/"name": "Gecode"/"name": "GecodeFix"/' \
	-e "s|\"-Ggecode\"|\"$dir/gecodefix\"|" /usr/share/minizinc/solvers/gecode.msc > "$dir/gecodefix.msc"
# gecodestd: the same fzn-gecode with none of Gecode's library, every global decomposed as the
# standard library defines it. Checking a solution with it follows MiniZinc's semantics where
# Gecode's own propagators differ: Gecode 6.2's cumulative counts a task of duration 0 inside another
# (mspsp medium_07; zero_duration.mzn beside this file), the standard definition does not.
mkdir -p "$dir/gecodestd"
sed -e 's/"org.gecode.gecode"/"org.gecode.gecodestd"/' -e 's/"name": "Gecode"/"name": "GecodeStd"/' \
	-e "s|\"-Ggecode\"|\"$dir/gecodestd\"|" /usr/share/minizinc/solvers/gecode.msc > "$dir/gecodestd.msc"
echo "wrote $dir/gecodefix.msc and $dir/gecodestd.msc"
