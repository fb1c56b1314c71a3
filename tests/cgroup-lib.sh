# Sourced by the CLI tests of cpuset cgroups (tests/cli/025-*.sh), after
# tests/lib.sh: the cgroup v1 cpuset, a private copy of sleep ($NAP, so no
# other sleep on the machine is taken for ours), and helpers that make,
# wait for and remove only the cgroups and processes of the calling case.
P=$BUILD/tests/progs
cg=/sys/fs/cgroup/cpuset
NAP=$TESTTMP/nap
[ -x "$NAP" ] || cp /bin/sleep "$NAP" || fail "cannot copy /bin/sleep"

# pidns OUT CMD...: CMD as pid 2 of a new PID namespace (sh is its pid 1),
# its stdout, stderr and exit status in OUT.out, OUT.err, OUT.rc; killed
# with the namespace when unshare dies
pidns() {
	_t_o=$1; shift
	unshare --pid --kill-child --mount-proc \
		sh -c '"$@" >"$0.out" 2>"$0.err"; echo $? >"$0.rc"' "$_t_o" "$@"
}
# wait_cgroup PATTERN: the one cgroup $cg/PATTERN, once a task is in it
# (10 s at most); prints its path
wait_cgroup() {
	for _ in $(seq 100); do
		for _t_d in $cg/$1; do
			[ -n "$(cat "$_t_d/cgroup.procs" 2>/dev/null)" ] &&
				echo "$_t_d" && return 0
		done
		sleep 0.1
	done
	return 1
}
# cg_remove DIR...: kill the tasks of each DIR (this case's own), move
# them out, remove it
cg_remove() {
	for _t_d in "$@"; do
		[ -d "$_t_d" ] || continue
		for _t_p in $(cat "$_t_d/cgroup.procs"); do
			kill -9 "$_t_p" 2>/dev/null
			echo "$_t_p" >"$cg/cgroup.procs" 2>/dev/null
		done
		rmdir "$_t_d" 2>/dev/null
	done
	return 0
}
# gone PID...: no such process, or a zombie
gone() {
	for _t_p in "$@"; do
		_t_s=$(ps -o stat= -p "$_t_p" 2>/dev/null) || continue
		case $_t_s in Z*) ;; *) echo "pid $_t_p still runs ($_t_s)"; return 1 ;; esac
	done
}
# private_cpuset FILE: the sh script FILE (with these helpers) in a mount
# namespace of its own where $cg is a cgroup this case made: abstat's
# --cpuset and doctor --clean-cgroups see that one only, none of the
# machine's. The cgroup goes afterwards, with what is left in it.
private_cpuset() {
	_t_top=$cg/abstat-test-$$
	mkdir "$_t_top" && cat $cg/cpuset.cpus >"$_t_top/cpuset.cpus" &&
		cat $cg/cpuset.mems >"$_t_top/cpuset.mems" || return 1
	unshare --mount --propagation private sh -c \
		'mount --bind "$1" "$2" && . tests/lib.sh && . tests/cgroup-lib.sh && . "$3"' \
		sh "$_t_top" $cg "$1"
	_t_rc=$?
	cg_remove "$_t_top"/abstat-*
	cg_remove "$_t_top"
	return $_t_rc
}

# named_cgroups FILE...: the cpuset cgroups whereami printed
named_cgroups() {
	sed -n 's|^cgroup: [0-9]*:cpuset:/\(abstat-[0-9]*-[0-9a-f]*\)$|'"$cg"'/\1|p' "$@" | sort -u
}

